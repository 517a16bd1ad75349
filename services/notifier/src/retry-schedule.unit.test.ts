import { describe, expect, it } from "vitest";
import { DEFAULT_MAIL_RETRY_SCHEDULE_MS, retryDelayMs } from "./retry-schedule.ts";

describe("mail retries", () => {
  it("keep trying for more than a day, then stop", () => {
    const total = DEFAULT_MAIL_RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
    expect(retryDelayMs(DEFAULT_MAIL_RETRY_SCHEDULE_MS, 1)).toBe(60_000);
    expect(retryDelayMs(DEFAULT_MAIL_RETRY_SCHEDULE_MS, DEFAULT_MAIL_RETRY_SCHEDULE_MS.length + 1)).toBeNull();
  });
});
