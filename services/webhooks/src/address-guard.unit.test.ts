import { describe, expect, it } from "vitest";
import { addressRange, assertPublicUrl, isPrivateAddress } from "./address-guard.ts";
import { nextDelayMs, parseRetryAfter, parseRetrySchedule } from "./retry-schedule.ts";

describe("address guard", () => {
  it("refuses every loopback, private and metadata address, however IPv6 carries it", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fd00::1",
      "fc00::1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "ff02::1",
      "2001:db8::1",
      // IPv4-mapped, dotted and in hex, fully written out.
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:7f00:1",
      "::ffff:0.0.0.0",
      "::ffff:0:0",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "::ffff:172.16.0.1",
      "::ffff:ac10:1",
      "::ffff:ac1f:ffff",
      "::ffff:192.168.0.1",
      "::ffff:c0a8:1",
      // IPv4-compatible, IPv4-translated, NAT64, 6to4 and Teredo carrying loopback, private or metadata addresses.
      "::127.0.0.1",
      "::7f00:1",
      "::ffff:0:7f00:1",
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::1",
      "2002:7f00:1::1",
      "2002:a9fe:a9fe::",
      "2002:c0a8:101::1",
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      "[::1]",
      "localhost",
      "",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it("names the range, judging IPv6 that carries IPv4 by the IPv4 it carries, and lets public addresses through", () => {
    expect(addressRange("::ffff:7f00:1")).toBe("loopback");
    expect(addressRange("::ffff:0:0")).toBe("unspecified");
    expect(addressRange("::ffff:a9fe:a9fe")).toBe("linkLocal");
    expect(addressRange("::ffff:ac10:1")).toBe("private");
    expect(addressRange("64:ff9b::808:808")).toBe("unicast");
    expect(addressRange("not an address")).toBe("invalid");
    for (const a of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it("refuses at save time every spelling of these addresses that a URL accepts, unless private URLs are allowed", async () => {
    for (const host of [
      "127.0.0.1",
      "127.1",
      "2130706433",
      "0x7f000001",
      "0x7f.1",
      "0177.0.0.1",
      "0",
      "[::1]",
      "[0::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[0:0:0:0:0:ffff:7f00:1]",
      "[::ffff:0.0.0.0]",
      "[::127.0.0.1]",
      "169.254.169.254",
      "2852039166",
      "0xa9fea9fe",
      "0251.0376.0251.0376",
      "[::ffff:169.254.169.254]",
      "[::ffff:a9fe:a9fe]",
      "167772161",
      "[::ffff:10.0.0.1]",
      "0xac.0x10.0.1",
      "[::ffff:172.16.0.1]",
      "3232235777",
      "[::ffff:192.168.1.1]",
      "[64:ff9b::7f00:1]",
      "[2002:7f00:1::1]",
    ]) {
      await expect(assertPublicUrl(`http://${host}:9/x`, false), host).rejects.toThrow(/private or loopback/);
      await expect(assertPublicUrl(`http://${host}:9/x`, true), host).resolves.toBeUndefined();
    }
    await expect(assertPublicUrl("http://localhost:9/x", false)).rejects.toThrow();
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
