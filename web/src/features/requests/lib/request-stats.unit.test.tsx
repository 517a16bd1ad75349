import { describe, expect, it } from "vitest";
import { requestKpis } from "./request-stats";

describe("request figures", () => {
  it("shows the server's counts and approval rate", () => {
    const kpis = requestKpis({
      counts: { all: 2_000, approved: 24, pending: 1_968, denied: 8, withdrawn: 0 },
      spend: 1_039_270,
      latest_submission: "2026-11-20T10:00:00.000Z",
      approval_rate: 75,
    });
    expect(kpis).toEqual({
      total: 2_000,
      pending: 1_968,
      approved: 24,
      approvalRate: 75,
      spend: 1_039_270,
      latestSubmission: new Date("2026-11-20T10:00:00.000Z"),
    });
  });

  it("shows zeros, not a failure, before the figures arrive", () => {
    expect(requestKpis(undefined)).toEqual({ total: 0, pending: 0, approved: 0, approvalRate: null, spend: 0, latestSubmission: null });
  });
});
