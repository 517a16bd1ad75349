import { describe, expect, it } from "vitest";
import { budgetPeriod, periodLabel, periodRange, periodsOf } from "./budgets.ts";

describe("budget periods", () => {
  it("are a year, a quarter or a month", () => {
    for (const period of ["2026", "2026-Q1", "2026-Q4", "2026-01", "2026-12"]) expect(budgetPeriod.safeParse(period).success, period).toBe(true);
    for (const period of ["26", "2026-Q0", "2026-Q5", "2026-00", "2026-13", "2026-1", "2026-q2", "2026-Q4-01"]) {
      expect(budgetPeriod.safeParse(period).success, period).toBe(false);
    }
  });

  it("cover their days, end exclusive, across a year's end", () => {
    expect(periodRange("2026")).toEqual({ starts_on: "2026-01-01", ends_on: "2027-01-01" });
    expect(periodRange("2026-Q4")).toEqual({ starts_on: "2026-10-01", ends_on: "2027-01-01" });
    expect(periodRange("2026-Q2")).toEqual({ starts_on: "2026-04-01", ends_on: "2026-07-01" });
    expect(periodRange("2026-11")).toEqual({ starts_on: "2026-11-01", ends_on: "2026-12-01" });
    expect(periodRange("2026-12")).toEqual({ starts_on: "2026-12-01", ends_on: "2027-01-01" });
  });

  it("name the periods a day falls in, narrowest first, and read in a sentence", () => {
    expect(periodsOf("2026-11-26")).toEqual(["2026-11", "2026-Q4", "2026"]);
    expect(periodsOf("2026-01-01")).toEqual(["2026-01", "2026-Q1", "2026"]);
    expect([periodLabel("2026"), periodLabel("2026-Q4"), periodLabel("2026-11")]).toEqual(["2026", "Q4", "Nov 2026"]);
  });
});
