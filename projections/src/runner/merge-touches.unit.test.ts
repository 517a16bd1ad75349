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

  it("names only the lists when a batch touched too many rows to list, so clients refetch what they show", () => {
    const position = { tx: "1", pos: "1" };
    const everyone = { everyone: true } as const;
    const touches = Array.from({ length: 1_000 }, (_, i) => ({
      keys: [["requests"], ["requests", `r${i}`], ["requests", `r${i}`, "audit"], ["dashboard"]],
      audience: everyone,
    }));
    expect(mergeTouches(touches, position)).toEqual([{ keys: [["requests"], ["dashboard"]], audience: everyone, position }]);
  });
});
