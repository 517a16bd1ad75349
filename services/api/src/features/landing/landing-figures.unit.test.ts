import { describe, expect, it } from "vitest";
import type { LandingFacts } from "@procure/projections/catalogue";
import { formatAdherence, formatCycleTime, landingFigures } from "./landing-figures.ts";

const facts: LandingFacts = {
  approvedSpend: 43_812.5,
  pending: 1,
  decided: 3,
  followedRoute: 2,
  medianCycleHours: 30,
  dueForDecision: 0,
  oldestPendingAt: "2026-01-01T00:00:00.000Z",
  pendingByStage: { approver: 1 },
  renewalsDue: 2,
  catalogueChangesPending: 5,
  feedsWithChanges: 1,
};

describe("landing figures", () => {
  it("words durations and shares for a visitor, with a dash when there is nothing to measure", () => {
    expect(formatCycleTime(null)).toBe("—");
    expect(formatCycleTime(0.2)).toBe("under 1 hour");
    expect(formatCycleTime(1)).toBe("1 hour");
    expect(formatCycleTime(36)).toBe("1.5 days");
    expect(formatAdherence(0, 0)).toBe("—");
    expect(formatAdherence(2, 3)).toBe("67%");
    expect(landingFigures({ ...facts, approvedSpend: 0 }, new Date()).heroMetrics[0]?.value).toBe("$0");
  });

  it("gives the three hero metrics and the focus signals with singular and plural units", () => {
    const figures = landingFigures(facts, new Date("2026-01-04T12:00:00.000Z"));
    expect(figures.heroMetrics).toEqual([
      { label: "Spend under management", value: "$43.8K" },
      { label: "Median cycle time", value: "1.3 days" },
      { label: "Policy adherence", value: "67%" },
    ]);
    expect(figures.focusSignals.map((s) => [s.label, s.value])).toEqual([
      ["Requests awaiting a decision", "1 request"],
      ["Approvals due today", "0 decisions"],
      ["Vendor renewals", "2 vendors"],
      ["Catalogue changes to review", "5 changes"],
    ]);
    expect(figures.focusSignals[0]?.meta).toBe("Oldest waiting 3 days");
    expect(figures.focusSignals[2]?.meta).toBe("Renewals within a 30 day window");
  });
});
