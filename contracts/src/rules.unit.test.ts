import { describe, expect, it } from "vitest";
import { can, normalizeRole, visibleSections } from "./roles.ts";
import { finiteOrZero, normalizeStatus, parseDate, truncate } from "./format.ts";
import { inboxBadge } from "./inbox.ts";
import { dueHint, isDueSoon, isOverdue, isPastDue, poGroupOf } from "./po-status.ts";

describe("shared rules", () => {
  it("normalises statuses by trimming, lower-casing and hyphenating", () => {
    expect(normalizeStatus("  Partially_Received ")).toBe("partially-received");
    expect(normalizeStatus("Awaiting Approval")).toBe("awaiting-approval");
    expect(normalizeStatus(undefined)).toBe("");
  });

  it("groups PO statuses as the spec's table says", () => {
    expect(["draft", "pending", "awaiting approval", "issued", "sent", "open", ""].map(poGroupOf)).toEqual(Array(7).fill("open"));
    expect(["receiving", "partially_received", "partial"].map(poGroupOf)).toEqual(Array(3).fill("receiving"));
    expect(["received", "closed", "complete", "completed", "fulfilled"].map(poGroupOf)).toEqual(Array(5).fill("closed"));
    expect(["cancelled", "void", "rejected"].map(poGroupOf)).toEqual(Array(3).fill("cancelled"));
  });

  it("uses the end of the expected day for overdue and due-soon", () => {
    const now = new Date("2026-03-10T15:00:00");
    expect(isOverdue("issued", "2026-03-10", now)).toBe(false);
    expect(isOverdue("issued", "2026-03-09", now)).toBe(true);
    expect(isOverdue("received", "2026-03-01", now)).toBe(false);
    expect(isPastDue("closed", "2026-03-01", now)).toBe(false);
    expect(isDueSoon("draft", "2026-03-17", now)).toBe(true);
    expect(isDueSoon("draft", "2026-03-18", now)).toBe(false);
  });

  it("words the PO due hint", () => {
    const now = new Date("2026-03-10T09:00:00");
    expect(dueHint("issued", "2026-03-08", now)?.text).toBe("overdue by 2 days");
    expect(dueHint("issued", "2026-03-10", now)?.text).toBe("due today");
    expect(dueHint("issued", "2026-03-12", now)).toEqual({ text: "due in 2 days", tone: "soon" });
    expect(dueHint("issued", "2026-03-20", now)?.text).toBe("Expected 2026-03-20");
  });

  it("sums what waits in the inbox badge, capped at 99, never negative", () => {
    expect(inboxBadge({ decide: 3, "issue-order": 4 })).toBe(7);
    expect(inboxBadge({ decide: 3, changed: 4 })).toBe(3);
    expect(inboxBadge({ decide: 80, "issue-order": 40 })).toBe(99);
    expect(inboxBadge({ decide: -5, changed: 2 })).toBe(0);
    expect(inboxBadge({ decide: Number.NaN, "receive-order": 2 })).toBe(2);
  });

  it("treats an unknown role as requester and shows settings only to admins", () => {
    expect(normalizeRole("owner")).toBe("requester");
    expect(
      Object.entries(visibleSections)
        .filter(([, s]) => s.includes("settings"))
        .map(([r]) => r),
    ).toEqual(["admin"]);
    expect(can("buyer", "orders:write")).toBe(true);
    expect(can("approver", "orders:write")).toBe(false);
  });

  it("parses numbers and dates leniently, as the spec's general rules say", () => {
    expect(finiteOrZero("12.5")).toBe(12.5);
    expect(finiteOrZero(Infinity)).toBe(0);
    expect(parseDate("not a date")).toBeNull();
    expect(truncate("x".repeat(200), 160)).toHaveLength(160);
  });
});
