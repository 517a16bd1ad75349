import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";

const folder = "/tmp/shots";

/** The widths every screen is checked and photographed at: a laptop and a small phone. */
export const shotWidths = [1280, 375] as const;

/** What is in the viewport once still, such as an open drawer. */
export async function screenshotView(page: Page, name: string) {
  mkdirSync(folder, { recursive: true });
  await untilStill(page);
  await page.screenshot({ path: `${folder}/${name}.png` });
}

/** The whole page, then the same in parts of `step` pixels, which stay legible when the page is long. */
export async function screenshotPage(page: Page, name: string, step = 1600) {
  mkdirSync(folder, { recursive: true });
  await untilStill(page);
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  const width = page.viewportSize()?.width ?? (await page.evaluate(() => document.documentElement.clientWidth));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height; y += step, part += 1) {
    const clip = { x: 0, y, width, height: Math.min(step, height - y) };
    await page.screenshot({ path: `${folder}/${name}-part${part}.png`, fullPage: true, clip });
  }
}

/**
 * Waits until every finite CSS animation and transition has finished (a drawer sliding in, a chart growing), so a
 * screenshot or an accessibility check sees the screen at rest. Endless ones (a live dot's pulse) are not waited for.
 */
export async function untilStill(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}
