import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./json-depth.ts";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("JSON nesting depth", () => {
  it("counts objects and arrays inside one another, up to the limit and one past it", () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":{}}]}}', 4)).toBe(true);
  });

  it("counts siblings once, however many", () => {
    expect(nestsDeeperThan(`[${"[],".repeat(10_000)}[]]`, 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ title: "[[[[{{{{", note: 'a \\" [[[[ "' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(["\\", [[]]]), 2)).toBe(true);
  });

  it("answers at once for a body a million levels deep", () => {
    expect(nestsDeeperThan(nested(1_000_000), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000), 64)).toBe(true);
  });
});
