import { describe, expect, it } from "vitest";
import { formatRate, rateAsPercent } from "./rate";

describe("connector success rate", () => {
  it("shows a rate at or below 1 ×100 as a percent", () => {
    expect(formatRate(0.95)).toBe("95%");
    expect(formatRate(0.988)).toBe("98.8%");
    expect(formatRate(1)).toBe("100%");
    expect(formatRate(0)).toBe("0%");
    expect(rateAsPercent(0.7)).toBeCloseTo(70);
  });

  it("shows a rate above 1 as it is, already a percent", () => {
    expect(formatRate(95)).toBe("95%");
    expect(formatRate(99.25)).toBe("99.3%");
  });

  it("shows a dash when there is no rate yet or it is not a number", () => {
    expect(formatRate(null)).toBe("—");
    expect(formatRate(undefined)).toBe("—");
    expect(formatRate(Number.NaN)).toBe("—");
    expect(formatRate(-0.2)).toBe("—");
  });
});
