import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { COUNT_UP_MS, formatCurrency, formatRecency } from "./format";
import { CountUp } from "@/components/ui/count-up";

describe("shared formatting", () => {
  it("shows USD with a dollar sign and two decimals, and non-finite values as zero", () => {
    expect(formatCurrency(1234.5)).toBe("$1,234.50");
    expect(formatCurrency(Number.NaN)).toBe("$0.00");
    expect(formatCurrency("12")).toBe("$12.00");
  });

  it("says Today within 24 hours, Yesterday within 48, and a date after that", () => {
    const now = new Date("2026-03-10T15:00:00");
    expect(formatRecency(new Date("2026-03-10T09:05:00"), now)).toMatch(/^Today at 9:05\sAM$/);
    expect(formatRecency(new Date("2026-03-09T14:30:00"), now)).toMatch(/^Yesterday at 2:30\sPM$/);
    expect(formatRecency(new Date("2026-03-01T10:00:00"), now)).toBe("Mar 1, 2026");
    expect(formatRecency("not a date", now)).toBe("—");
  });

  it("counts up to the target over 600 ms", () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance"] });
    try {
      render(<CountUp value={500} />);
      const shown = () => Number(screen.getByText(/^\d+$/, { selector: "[aria-hidden]" }).textContent);
      expect(shown()).toBeLessThan(500);
      act(() => vi.advanceTimersByTime(COUNT_UP_MS / 2));
      expect(shown()).toBeGreaterThan(0);
      expect(shown()).toBeLessThan(500);
      act(() => vi.advanceTimersByTime(COUNT_UP_MS));
      expect(shown()).toBe(500);
      expect(COUNT_UP_MS).toBe(600);
    } finally {
      vi.useRealTimers();
    }
  });
});
