import { describe, expect, it } from "vitest";
import { addToCompare, COMPARE_LIMIT, removeFromCompare, toggleFavourite } from "./compare-tray";

describe("comparison tray", () => {
  it("holds at most three items", () => {
    expect(COMPARE_LIMIT).toBe(3);
    let tray: string[] = [];
    for (const id of ["a", "b", "c"]) tray = addToCompare(tray, id).tray;
    expect(tray).toEqual(["a", "b", "c"]);
  });

  it("drops the oldest item when a fourth is added, and says which", () => {
    expect(addToCompare(["a", "b", "c"], "d")).toEqual({ tray: ["b", "c", "d"], dropped: "a" });
    expect(addToCompare(["b", "c", "d"], "e")).toEqual({ tray: ["c", "d", "e"], dropped: "b" });
  });

  it("keeps an item already in the tray in its place", () => {
    expect(addToCompare(["a", "b", "c"], "b")).toEqual({ tray: ["a", "b", "c"], dropped: null });
  });

  it("removes one item and leaves the order of the rest", () => {
    expect(removeFromCompare(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("favourites", () => {
  it("toggles an item in and out, keeping the order they were starred in", () => {
    expect(toggleFavourite(["a"], "b")).toEqual(["a", "b"]);
    expect(toggleFavourite(["a", "b"], "a")).toEqual(["b"]);
  });
});
