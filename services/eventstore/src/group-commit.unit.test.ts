import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit.ts";

/** A statement runner that records each group it ran and fails any group holding an item named "poison" with another. */
function recorder(lanes = 1) {
  const groups: string[][] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const commit = new GroupCommit<string, string>({
    lanes,
    maxItems: 4,
    oneFailedForAll: (error) => (error as Error).message !== "unreachable",
    run: async (items) => {
      groups.push(items);
      await gate;
      if (items.includes("down")) throw new Error("unreachable");
      if (items.includes("poison") && items.length > 1) throw new Error("the statement failed");
      if (items.length === 1 && items[0] === "poison") throw new Error("poison alone");
      return items.map((item) => `done ${item}`);
    },
  });
  return {
    commit,
    groups,
    hold: () => {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe("GroupCommit", () => {
  it("starts a lone piece of work at once, alone", async () => {
    const { commit, groups } = recorder();
    expect(await commit.submit("a", ["a"])).toBe("done a");
    expect(groups).toEqual([["a"]]);
  });

  it("puts what arrives while the lanes are busy into the next statements, never two with a key in common", async () => {
    const r = recorder();
    r.hold();
    const first = r.commit.submit("first", ["x"]);
    await Promise.resolve();
    const keysOf: Record<string, string[]> = { b: ["b"], c: ["same"], d: ["same"], e: ["e"], f: ["f"] };
    const rest = Object.entries(keysOf).map(([item, keys]) => r.commit.submit(item, keys));
    await new Promise((resolve) => setTimeout(resolve, 5));
    r.release();
    expect(await first).toBe("done first");
    expect(await Promise.all(rest)).toEqual(["done b", "done c", "done d", "done e", "done f"]);
    expect(r.groups[0]).toEqual(["first"]);
    expect(r.groups[1]).toEqual(["b", "c", "e", "f"]);
    expect(r.groups[2]).toEqual(["d"]);
  });

  it("keeps a piece out of every statement under way that holds one of its keys, and starts it after", async () => {
    const r = recorder(2);
    r.hold();
    const first = r.commit.submit("a", ["x"]);
    await Promise.resolve();
    const same = r.commit.submit("b", ["x"]);
    const other = r.commit.submit("c", ["y"]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The second lane took "c"; "b" shares "x" with "a", which is under way.
    expect(r.groups).toEqual([["a"], ["c"]]);
    r.release();
    expect(await Promise.all([first, same, other])).toEqual(["done a", "done b", "done c"]);
    expect(r.groups).toEqual([["a"], ["c"], ["b"]]);
  });

  it("runs each piece of a failed statement again alone, so one failure fails only its own caller", async () => {
    const r = recorder();
    r.hold();
    const first = r.commit.submit("first", ["first"]);
    await Promise.resolve();
    const others = [r.commit.submit("a", ["a"]), r.commit.submit("poison", ["p"]), r.commit.submit("b", ["b"])];
    r.release();
    await first;
    const settled = await Promise.allSettled(others);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual(["done a", "poison alone", "done b"]);
    expect(r.groups).toContainEqual(["a", "poison", "b"]);
  });

  it("hands a failure that is not one piece's own to every caller, without running them again", async () => {
    const r = recorder();
    r.hold();
    const first = r.commit.submit("first", ["first"]);
    await Promise.resolve();
    const others = [r.commit.submit("a", ["a"]), r.commit.submit("down", ["d"])];
    r.release();
    await first;
    const settled = await Promise.allSettled(others);
    expect(settled.map((s) => (s.status === "rejected" ? (s.reason as Error).message : s.value))).toEqual(["unreachable", "unreachable"]);
    expect(r.groups).toEqual([["first"], ["a", "down"]]);
  });

  it("runs no more statements at once than it has lanes", async () => {
    let running = 0;
    let most = 0;
    const commit = new GroupCommit<number, number>({
      lanes: 2,
      maxItems: 1,
      oneFailedForAll: () => true,
      run: async (items) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
        return items;
      },
    });
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => commit.submit(i, [])))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(2);
  });
});
