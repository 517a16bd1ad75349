import { describe, expect, it } from "vitest";
import { isTimeZone, nextDigestAt } from "./digest-time.ts";

describe("the daily summary's time", () => {
  it("is the next 08:00 in the workspace's zone", () => {
    expect(nextDigestAt(new Date("2026-03-10T07:59:00Z"), "UTC").toISOString()).toBe("2026-03-10T08:00:00.000Z");
    expect(nextDigestAt(new Date("2026-03-10T08:00:00Z"), "UTC").toISOString()).toBe("2026-03-11T08:00:00.000Z");
    expect(nextDigestAt(new Date("2026-12-31T23:00:00Z"), "UTC").toISOString()).toBe("2027-01-01T08:00:00.000Z");
    // 08:00 in Berlin is 07:00 UTC in winter and 06:00 UTC in summer.
    expect(nextDigestAt(new Date("2026-01-15T12:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-01-16T07:00:00.000Z");
    expect(nextDigestAt(new Date("2026-07-15T05:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-07-15T06:00:00.000Z");
    // The night the clocks go forward in New York (8 March 2026): 08:00 EDT is 12:00 UTC.
    expect(nextDigestAt(new Date("2026-03-08T03:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect(nextDigestAt(new Date("2026-03-07T14:00:00Z"), "America/New_York").toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });

  it("knows a zone from a typo", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Europe/Pariss")).toBe(false);
  });
});
