import { describe, expect, it } from "vitest";
import { mergeTouches } from "./merge-touches.ts";

describe("merging what a batch touched", () => {
  it("sends one invalidation per audience, each key once", () => {
    const position = { tx: "5", pos: "9" };
    const staff = { roles: ["approver" as const] };
    const merged = mergeTouches(
      [
        { keys: [["requests"], ["requests", "a"]], audience: staff },
        { keys: [["requests"], ["inbox"]], audience: staff },
        { keys: [["inbox"]], audience: { everyone: true } },
      ],
      position,
    );
    expect(merged).toEqual([
      { keys: [["requests"], ["requests", "a"], ["inbox"]], audience: staff, position },
      { keys: [["inbox"]], audience: { everyone: true }, position },
    ]);
  });
});
