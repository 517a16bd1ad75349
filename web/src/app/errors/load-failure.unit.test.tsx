import { describe, expect, it } from "vitest";
import { isLoadFailure, shouldReloadFor } from "./load-failure";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe("a part of the client that cannot be loaded", () => {
  it("is told apart from other errors, in the words of each browser", () => {
    expect(isLoadFailure(new TypeError("Failed to fetch dynamically imported module: http://x/assets/vendors-1a2b.js"))).toBe(true);
    expect(isLoadFailure(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isLoadFailure(new Error("Unable to preload CSS for /assets/app-3c.css"))).toBe(true);
    expect(isLoadFailure(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isLoadFailure(null)).toBe(false);
  });

  it("reloads a page once, then not again within half a minute, so a server that is down cannot loop the tab", () => {
    const storage = memoryStorage();
    expect(shouldReloadFor("/app/vendors", storage, 1_000)).toBe(true);
    expect(shouldReloadFor("/app/vendors", storage, 5_000)).toBe(false);
    expect(shouldReloadFor("/app/catalog", storage, 6_000)).toBe(true);
    expect(shouldReloadFor("/app/catalog", storage, 40_000)).toBe(true);
  });
});
