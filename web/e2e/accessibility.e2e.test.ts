import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { emailOf } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { useProduct } from "./support/suite";
import { screenshotView } from "./support/screenshots";
import { reloadInTheme, themes } from "./support/theme";

const product = useProduct("a11y");

type Screen = { name: string; path: string; ready: (page: Page) => Promise<unknown>; open?: (page: Page) => Promise<unknown> };

const heading = (page: Page, name: string) => page.getByRole("heading", { name }).first().waitFor();
const dialog = (page: Page) => page.getByRole("dialog").first().waitFor();

const publicScreens: Screen[] = [
  // The lower sections load after the first screen; the check waits for them so it covers the whole page.
  { name: "landing", path: "/", ready: (p) => p.locator("#access").waitFor() },
  { name: "sign in", path: "/login", ready: (p) => p.getByRole("button", { name: "Sign in" }).waitFor() },
  { name: "sign up", path: "/signup", ready: (p) => p.getByLabel("Email").waitFor() },
  { name: "intake checklist", path: "/resources/intake-checklist", ready: (p) => p.getByRole("checkbox").first().waitFor() },
];

const workspaceScreens: Screen[] = [
  { name: "dashboard overview", path: "/app", ready: (p) => heading(p, "Procurement quick actions") },
  {
    name: "dashboard requests",
    path: "/app",
    ready: (p) => heading(p, "Procurement quick actions"),
    open: async (p) => {
      await p.getByRole("tab", { name: "Requests" }).click();
      await heading(p, "Request pipeline");
    },
  },
  {
    name: "dashboard administration",
    path: "/app",
    ready: (p) => heading(p, "Procurement quick actions"),
    open: async (p) => {
      await p.getByRole("tab", { name: "Administration" }).click();
      await heading(p, "Workspace governance");
    },
  },
  {
    name: "inbox",
    path: "/app",
    ready: (p) => heading(p, "Procurement quick actions"),
    open: async (p) => {
      await p.getByRole("button", { name: /^Inbox/ }).click();
      await p.getByRole("dialog", { name: "Workspace inbox" }).getByText("The badge counts only what waits for you.").waitFor();
    },
  },
  { name: "requests", path: "/app/requests", ready: (p) => p.locator("tbody tr[data-request-id]").first().waitFor() },
  {
    name: "new request",
    path: "/app/requests",
    ready: (p) => p.locator("tbody tr[data-request-id]").first().waitFor(),
    open: async (p) => {
      await p.getByRole("button", { name: "New request" }).first().click();
      await dialog(p);
    },
  },
  {
    name: "request detail",
    path: "/app/requests",
    ready: (p) => p.locator("tbody tr[data-request-id]").first().waitFor(),
    open: async (p) => {
      await p.locator("tbody tr[data-request-id] .request-title-link").first().click();
      await p.getByRole("tab", { name: "Overview" }).waitFor();
    },
  },
  { name: "approvals", path: "/app/approvals", ready: (p) => p.getByRole("region", { name: "Pending approvals" }).waitFor() },
  { name: "purchase orders", path: "/app/purchase-orders", ready: (p) => p.getByRole("searchbox", { name: "Search purchase orders" }).waitFor() },
  { name: "vendors", path: "/app/vendors", ready: (p) => p.getByRole("button", { name: "New vendor" }).first().waitFor() },
  { name: "catalogue", path: "/app/catalog", ready: (p) => heading(p, "Requester workspace") },
  { name: "integrations", path: "/app/integrations", ready: (p) => p.locator(".integrations-page").waitFor() },
  { name: "settings", path: "/app/settings", ready: (p) => p.locator(".settings-page").waitFor() },
  { name: "workspace checklist", path: "/app/intake-checklist", ready: (p) => p.getByRole("checkbox").first().waitFor() },
];

async function audit(page: Page, screen: Screen, theme: string) {
  await page.goto(`${product.url}${screen.path}`);
  await screen.ready(page);
  await screen.open?.(page);
  // The whole page counts here, the shell included: every screen is someone's first.
  await expectNoSeriousViolations(page, "body", `${screen.name}, ${theme}`);
}

describe("axe-core over every screen", () => {
  for (const theme of themes) {
    it(`finds nothing serious on the public pages in the ${theme} theme`, async () => {
      const { page } = await product.open();
      await page.goto(product.url);
      await reloadInTheme(page, theme, () => page.locator("#hero-title").waitFor());
      for (const screen of publicScreens) await audit(page, screen, theme);
    });

    it(`finds nothing serious on the workspace's screens in the ${theme} theme`, async () => {
      const { page } = await product.open();
      await signIn(page, product.url, emailOf("admin"));
      await reloadInTheme(page, theme, () => heading(page, "Procurement quick actions"));
      for (const screen of workspaceScreens) await audit(page, screen, theme);
    });
  }
});

const isFocused = (opener: Locator) => opener.evaluate((el) => el === document.activeElement);

/** Opens a dialog or panel from `opener`, closes it with Escape and expects focus back on the opener. */
async function expectFocusReturns(page: Page, opener: Locator, dialogName?: string | RegExp) {
  await opener.click();
  const opened = dialogName ? page.getByRole("dialog", { name: dialogName }) : page.getByRole("dialog").first();
  await opened.waitFor();
  await page.keyboard.press("Escape");
  await expect.poll(() => opened.count()).toBe(0);
  await expect.poll(() => isFocused(opener)).toBe(true);
}

describe("focus after a dialog, drawer or panel closes", () => {
  it("returns to whatever opened it on the requests screen, the dashboard and the inbox", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));

    await expectFocusReturns(page, page.getByRole("button", { name: /^Inbox/ }), "Workspace inbox");

    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    await expectFocusReturns(page, page.locator(".toolbar-new"), "New request");
    await expectFocusReturns(page, page.locator(".fab"), "New request");

    const title = page.locator("tbody tr[data-request-id] .request-title-link").first();
    await expectFocusReturns(page, title, (await title.textContent()) ?? "");
  });
});

describe("a request opened on a phone, or by a broken link", () => {
  it("shows every tab of the request drawer at 375 px, and Request not found. for a malformed id", async () => {
    const { page } = await product.open({ width: 375, height: 812 });
    await signIn(page, product.url, emailOf("admin"));
    // The phone's navigation drawer gives focus back to its menu button.
    await expectFocusReturns(page, page.getByRole("button", { name: "Open navigation" }), /Procure/);

    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id] .request-title-link").first().click();
    const tabs = page.getByRole("tablist", { name: "Request sections" });
    await tabs.waitFor();
    // Each tab lies wholly inside the strip: nothing is cut off or scrolled out of sight.
    const clipped = await tabs.evaluate((strip) => {
      const box = strip.getBoundingClientRect();
      return [...strip.querySelectorAll("[role=tab]")]
        .filter((tab) => {
          const r = tab.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5 || tab.scrollWidth > tab.clientWidth;
        })
        .map((tab) => tab.textContent);
    });
    expect(clipped).toEqual([]);
    await expectNoHorizontalScroll(page);
    await screenshotView(page, "request-drawer-375");

    await page.goto(`${product.url}/app/requests/not-a-request-id`);
    await page.getByRole("dialog").getByText("Request not found.").waitFor();
    expect(await page.getByText(/Invalid UUID/i).count()).toBe(0);
    await screenshotView(page, "request-not-found-375");
  });
});
