import { describe, expect, it } from "vitest";
import { assertPublicUrl, isPrivateAddress } from "./address-guard.ts";
import { nextDelayMs, parseRetryAfter, parseRetrySchedule } from "./retry-schedule.ts";
import { signatureHeader, verifySignature } from "./signature.ts";
import { generateSecret } from "./secrets.ts";

describe("address guard", () => {
  it("tells private, loopback and link-local addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "172.32.0.1"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses a loopback URL unless private URLs are allowed", async () => {
    await expect(assertPublicUrl("http://127.0.0.1:9/x", false)).rejects.toThrow(/private or loopback/);
    await expect(assertPublicUrl("http://[::1]:9/x", false)).rejects.toThrow(/private or loopback/);
    await expect(assertPublicUrl("http://localhost:9/x", false)).rejects.toThrow();
    await expect(assertPublicUrl("http://127.0.0.1:9/x", true)).resolves.toBeUndefined();
  });
});

describe("retry schedule", () => {
  it("follows the schedule with jitter, honours a longer Retry-After, and ends", () => {
    const schedule = parseRetrySchedule(undefined);
    expect(schedule).toHaveLength(10);
    expect(nextDelayMs(schedule, 1, null, () => 0)).toBe(5_000);
    expect(nextDelayMs(schedule, 1, null, () => 1)).toBe(5_500);
    expect(nextDelayMs(schedule, 1, 60_000, () => 0)).toBe(60_000);
    expect(nextDelayMs(schedule, 10, null)).toBeNull();
    expect(parseRetryAfter("120")).toBe(120_000);
    expect(parseRetrySchedule("0, 10,20")).toEqual([0, 10, 20]);
  });
});

describe("signatures", () => {
  it("signs id.timestamp.body with the decoded secret, once per valid secret", () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const header = signatureHeader("msg_1", 1700000000, '{"x":1}', [a, b]);
    expect(header.split(" ")).toHaveLength(2);
    expect(verifySignature("msg_1", "1700000000", '{"x":1}', header, a)).toBe(true);
    expect(verifySignature("msg_1", "1700000000", '{"x":1}', header, b)).toBe(true);
    expect(verifySignature("msg_1", "1700000001", '{"x":1}', header, a)).toBe(false);
    expect(verifySignature("msg_1", "1700000000", '{"x":2}', header, a)).toBe(false);
  });
});
