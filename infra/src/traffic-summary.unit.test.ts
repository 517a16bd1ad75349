import { describe, expect, it } from "vitest";
import { describeTraffic, periodName, TrafficTally } from "./traffic-summary.ts";

describe("the traffic summary", () => {
  it("counts requests and errors by class, with the median and 95th percentile durations", () => {
    const tally = new TrafficTally();
    for (let ms = 1; ms <= 100; ms++) tally.record(200, ms);
    tally.record(404, 3);
    tally.record(409, 4);
    tally.record(503, 250);
    const figures = tally.take()!;
    expect(figures).toEqual({ requests: 103, clientErrors: 2, serverErrors: 1, p50Ms: 50, p95Ms: 96 });
    expect(describeTraffic(figures, 60_000)).toBe("last minute: 103 requests, 3 errors (4xx 2, 5xx 1), p50 50 ms, p95 96 ms");
  });

  it("starts each period afresh and has nothing to say about a period without requests", () => {
    const tally = new TrafficTally();
    tally.record(500, 0.4);
    expect(describeTraffic(tally.take()!, 60_000)).toBe("last minute: 1 request, 1 error (4xx 0, 5xx 1), p50 <1 ms, p95 <1 ms");
    expect(tally.take()).toBeNull();
  });

  it("names its period", () => {
    expect(periodName(60_000)).toBe("last minute");
    expect(periodName(300_000)).toBe("last 5 minutes");
    expect(periodName(2_000)).toBe("last 2 s");
  });
});
