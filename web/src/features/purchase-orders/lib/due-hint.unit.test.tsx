import { describe, expect, it } from "vitest";
import { orderDueHint } from "./due-hint";

// Noon local time, so "days from today" never straddles midnight.
const now = new Date(2026, 2, 10, 12, 0, 0);

describe("orderDueHint", () => {
  it("says how many days an open order is overdue, using the end of the expected day", () => {
    expect(orderDueHint("issued", "2026-03-07", now)).toEqual({ text: "overdue by 3 days", tone: "overdue" });
    expect(orderDueHint("receiving", "2026-03-09", now)).toEqual({ text: "overdue by 1 day", tone: "overdue" });
    expect(orderDueHint("draft", "2026-03-10", now)).toEqual({ text: "due today", tone: "today" });
  });

  it("is amber for 1 to 3 days ahead and plain after that", () => {
    expect(orderDueHint("issued", "2026-03-11", now)).toEqual({ text: "due in 1 day", tone: "soon" });
    expect(orderDueHint("issued", "2026-03-13", now)).toEqual({ text: "due in 3 days", tone: "soon" });
    expect(orderDueHint("issued", "2026-03-14", now)).toEqual({ text: "Expected 2026-03-14", tone: "neutral" });
  });

  it("never flags received or cancelled orders, and says nothing without a date", () => {
    expect(orderDueHint("received", "2026-03-01", now)).toEqual({ text: "Expected 2026-03-01", tone: "neutral" });
    expect(orderDueHint("cancelled", "2026-03-11", now)).toEqual({ text: "Expected 2026-03-11", tone: "neutral" });
    expect(orderDueHint("issued", null, now)).toBeNull();
    expect(orderDueHint("issued", "not a date", now)).toBeNull();
  });
});
