import { expect } from "vitest";
import type { Page } from "playwright-core";

export const themes = ["light", "dark"] as const;
export type Theme = (typeof themes)[number];

/** Stores the theme and reloads, as a returning visitor would arrive; `ready` waits for the screen's own content. */
export async function reloadInTheme(page: Page, theme: Theme, ready: () => Promise<unknown>) {
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
  await page.reload();
  await ready();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}
