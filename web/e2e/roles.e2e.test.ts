import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { canSee, roles, type Role, type Section } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("roles");

// Where each dashboard entry leads, as the product names the sections.
const quickActions: Record<string, Section> = {
  "Raise a purchase order": "purchase-orders",
  "Curate the catalogue": "catalogue",
  "Launch PunchOut session": "integrations",
  "Review integration feed": "integrations",
};
const governance: Record<string, Section> = {
  "Approval routing": "settings",
  "Catalogue governance": "catalogue",
  "Supplier relationships": "vendors",
  "Policies & access": "settings",
};

const readyTitle = `Ready for an order ${Date.now().toString(36)}`;

beforeAll(async () => {
  // One approved request of the requester's own, so every role's dashboard lists requests ready for an order.
  const requester = await tokenFor(product.url, emailOf("requester"));
  const created = await callApi(product.url, "POST", "/api/requests", requester, { title: readyTitle, amount: 42 });
  expect(created.status).toBe(201);
  const approver = await tokenFor(product.url, emailOf("approver"));
  const approved = await callApi(product.url, "POST", `/api/requests/${(created.json as { id: string }).id}/approve`, approver, {});
  expect(approved.status).toBe(200);
});

/** The entries of a dashboard card that are links, and those that are not. */
async function entries(page: Page, card: string) {
  const list = page.locator("section.card", { has: page.getByRole("heading", { name: card }) }).locator(".quick-action");
  await list.first().waitFor();
  const links: string[] = [];
  const plain: string[] = [];
  for (const entry of await list.all()) {
    const label = (await entry.locator(".quick-action-label").textContent()) ?? "";
    const tag = await entry.evaluate((el) => el.tagName);
    (tag === "A" ? links : plain).push(label);
  }
  return { links, plain };
}

const allowed = (role: Role, map: Record<string, Section>) => Object.keys(map).filter((label) => canSee(role, map[label]!));

describe("the dashboard and inbox for each role", () => {
  for (const role of roles) {
    it(`leads the ${role} only where the ${role} may go`, async () => {
      const { page } = await product.open();
      await signIn(page, product.url, emailOf(role));

      const actions = await entries(page, "Procurement quick actions");
      expect(actions.links).toEqual(allowed(role, quickActions));
      expect(actions.links.length + actions.plain.length).toBe(4);

      await page.getByRole("tab", { name: "Administration" }).click();
      const rules = await entries(page, "Workspace governance");
      expect(rules.links).toEqual(allowed(role, governance));

      // Inbox: what waits for this user, each row and item a link only to a screen the role may open.
      await page.getByRole("button", { name: /^Inbox/ }).click();
      const panel = page.getByRole("dialog", { name: "Workspace inbox" });
      await panel.getByText("The badge counts only what waits for you.").waitFor();
      await expect.poll(() => panel.getByRole("button", { name: /^Refresh/ }).textContent()).toBe("Refresh");
      const screens = await panel
        .locator("a[href^='/app/']")
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split("/")[2]));
      for (const screen of screens) expect(canSee(role, (screen === "catalog" ? "catalogue" : screen) as Section), `${role} led to ${screen}`).toBe(true);
      await screenshotView(page, `inbox-${role}`);
      await page.keyboard.press("Escape");

      // Requests ready for an order: Start PO draft where the role may draft one, and every title opens its request.
      await page.getByRole("tab", { name: "Requests" }).click();
      const card = page.locator("section.card", { has: page.getByRole("heading", { name: "Requests ready for purchase orders" }) });
      await card.waitFor();
      expect(await card.getByRole("link", { name: "Start PO draft" }).count()).toBe(canSee(role, "purchase-orders") ? 1 : 0);
      await card.getByRole("link", { name: readyTitle }).click();
      await page.getByRole("dialog", { name: readyTitle }).waitFor();
      expect(new URL(page.url()).pathname).not.toBe("/app");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog", { name: readyTitle }).count()).toBe(0);
    });
  }
});
