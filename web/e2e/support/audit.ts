import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { repoRoot } from "@procure/infra/testing/child-process";

const axeSource = readFileSync(join(repoRoot, "node_modules/axe-core/axe.min.js"), "utf8");

/**
 * axe-core's serious and critical violations, split into those inside `scope` (the screen under test) and the
 * rest of the page. The product's CSP refuses inline scripts, so axe is evaluated through the debugging protocol
 * rather than injected with a script tag.
 */
export async function seriousViolations(page: Page, scope: string): Promise<{ screen: string[]; shell: string[] }> {
  await coloursSettled(page);
  await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<Result> } }).axe;
    const found = { screen: [] as string[], shell: [] as string[] };
    for (const v of (await axe.run(document)).violations) {
      if (v.impact !== "serious" && v.impact !== "critical") continue;
      for (const node of v.nodes) {
        const onScreen = document.querySelector(node.target[0] ?? "")?.closest(scope) != null;
        found[onScreen ? "screen" : "shell"].push(`${v.id} (${v.impact}): ${node.target.join(" ")}`);
      }
    }
    return found;
  }, scope);
}

/**
 * Colours are judged as they settle: mid-way through a drawer's fade-in or a theme switch's transition every colour
 * is paler than it will be. Two frames first, so a change just made has started its transitions.
 */
async function coloursSettled(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** How far the page scrolls sideways, and the first elements that push it (content scrolled in its own box excepted). */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => {
        for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { by: document.documentElement.scrollWidth - width, wide: wide.slice(0, 8) };
  });
}

/** Fails on findings inside `scope`; those in the shared shell around it, which the screen does not own, are only reported. */
export async function expectNoSeriousViolations(page: Page, scope: string, label: string) {
  const found = await seriousViolations(page, scope);
  if (found.shell.length) console.warn(`shell (not this screen), ${label}:\n${[...new Set(found.shell)].join("\n")}`);
  expect(found.screen).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  expect(await horizontalOverflow(page)).toEqual({ by: 0, wide: [] });
}
