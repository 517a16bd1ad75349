import { describe, expect, it } from "vitest";
import type { Position } from "@procure/contracts";
import type { People } from "./directory.ts";
import { PeopleCache } from "./people-cache.ts";

const at = (pos: number): Position => ({ tx: "100", pos: String(pos) });
const people = (): People => ({ users: new Map(), preferences: new Map(), delegations: new Map() });

describe("PeopleCache", () => {
  it("holds from the batch it stored through the batches after it with nothing to fold", () => {
    const cache = new PeopleCache();
    const kept = people();
    expect(cache.at(at(5))).toBeUndefined();
    cache.stored(kept, at(5));
    cache.passed(at(9));
    expect(cache.at(at(5))).toBe(kept);
    // The checkpoint of those empty batches may not have been written yet, or may have been.
    expect(cache.at(at(7))).toBe(kept);
    expect(cache.at(at(9))).toBe(kept);
  });

  it("is read again when another notifier went further, or a batch failed", () => {
    const cache = new PeopleCache();
    cache.stored(people(), at(5));
    expect(cache.at(at(6))).toBeUndefined();
    expect(cache.at(at(4))).toBeUndefined();
    cache.stored(people(), at(8));
    cache.forget();
    expect(cache.at(at(8))).toBeUndefined();
  });

  it("keeps nothing from empty batches until it has stored one", () => {
    const cache = new PeopleCache();
    cache.passed(at(3));
    expect(cache.at(at(3))).toBeUndefined();
  });
});
