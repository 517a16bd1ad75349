import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { gatherEachTurn } from "./gather-each-turn.ts";

describe("gatherEachTurn", () => {
  it("hands on everything that arrived in one turn of the loop once, in order, and starts afresh in the next", async () => {
    const handed: number[][] = [];
    const gather = gatherEachTurn<number>((items) => handed.push(items));
    gather(1);
    gather(2);
    await Promise.resolve();
    gather(3);
    expect(handed).toEqual([]);
    await nextTurn();
    expect(handed).toEqual([[1, 2, 3]]);
    gather(4);
    await nextTurn();
    expect(handed).toEqual([[1, 2, 3], [4]]);
  });

  it("hands on as soon as the running code is done when asked to, still once for all of it", async () => {
    const handed: number[][] = [];
    const gather = gatherEachTurn<number>((items) => handed.push(items), "microtask");
    gather(1);
    gather(2);
    expect(handed).toEqual([]);
    await Promise.resolve();
    expect(handed).toEqual([[1, 2]]);
  });
});
