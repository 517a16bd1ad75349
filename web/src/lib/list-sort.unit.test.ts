import { describe, expect, it } from "vitest";
import { ariaSort, nextSort, sortTokens } from "./list-sort";

describe("sorting a list by a column", () => {
  it("flips the direction on the same column and starts another in its natural direction", () => {
    expect(nextSort<"title" | "amount">("title", "title")).toBe("-title");
    expect(nextSort<"title" | "amount">("-title", "title")).toBe("title");
    expect(nextSort<"title" | "amount">("title", "amount", "desc")).toBe("-amount");
    expect(nextSort<"title" | "amount">("-amount", "title")).toBe("title");
  });

  it("tells which column sorts the list and how", () => {
    expect(ariaSort<"title" | "amount">("-amount", "amount")).toBe("descending");
    expect(ariaSort<"title" | "amount">("title", "title")).toBe("ascending");
    expect(ariaSort<"title" | "amount">("title", "amount")).toBe("none");
    expect(sortTokens(["a", "b"])).toEqual(["a", "-a", "b", "-b"]);
  });
});
