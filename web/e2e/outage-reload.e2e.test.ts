import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { emailOf } from "./support/api";
import { markPage, signIn, wasReloaded } from "./support/browser";
import { expectNoSeriousViolations } from "./support/audit";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("outage-reload");

/**
 * Cuts the browser off from the server the way an outage does (every request refused), and keeps the vendors
 * section's code from loading until then, so opening it needs code the tab has not fetched yet.
 */
async function simulateOutage(page: Page) {
  const state = { down: false, sectionBlocked: true };
  await page.route("**/*", async (route: Route) => {
    const url = route.request().url();
    if (state.down || (state.sectionBlocked && /\/assets\/vendors-[^/]*\.js/.test(url))) return route.abort("connectionrefused");
    return route.fallback();
  });
  return state;
}

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])("a screen not yet loaded when the server goes away, at $width px", (viewport) => {
  it("keeps the shell, says the server cannot be reached, and loads the screen once the server answers again", async () => {
    const { page } = await product.open(viewport);
    const outage = await simulateOutage(page);
    await signIn(page, product.url, emailOf("buyer"));
    await markPage(page);

    outage.down = true;
    // A client-side navigation, as following a sidebar link does: the page itself is not asked for again.
    await page.evaluate(() => {
      window.history.pushState({}, "", "/app/vendors");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    const alert = page.getByRole("alert").filter({ hasText: "The server cannot be reached." });
    await expect.poll(() => alert.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await wasReloaded(page)).toBe(false);
    await expect.poll(() => page.locator(".shell").isVisible()).toBe(true);
    await expectNoSeriousViolations(page, "main", `outage ${viewport.width}`);
    await screenshotView(page, `outage-unreachable-${viewport.width}`);

    outage.down = false;
    outage.sectionBlocked = false;
    await page.waitForURL(`${product.url}/app/vendors`);
    await expect.poll(() => wasReloaded(page), { timeout: 40_000 }).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "Vendors" }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshotView(page, `outage-recovered-${viewport.width}`);
  });
});
