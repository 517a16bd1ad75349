import { describe, expect, it } from "vitest";
import { SendPace } from "./send-pace.ts";

describe("SendPace", () => {
  it("lets a burst go at once, then one mail per share of a second", () => {
    let now = 0;
    const pace = new SendPace(10, 4, () => now);
    expect(pace.available()).toBe(4);
    pace.spend(4);
    expect(pace.available()).toBe(0);
    expect(pace.waitMs()).toBe(100);
    now = 250;
    expect(pace.available()).toBe(2);
    pace.spend(2);
    expect(pace.waitMs()).toBe(50);
    expect(pace.waitMs(4)).toBe(350);
  });

  it("keeps no more than the burst however long it waited", () => {
    let now = 0;
    const pace = new SendPace(100, 16, () => now);
    pace.spend(16);
    now = 60_000;
    expect(pace.available()).toBe(16);
  });

  it("holds a round that took fewer than it could, for the next", () => {
    let now = 0;
    const pace = new SendPace(5, 5, () => now);
    pace.spend(1);
    now = 100;
    expect(pace.available()).toBe(4);
  });
});
