import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { z } from "zod";
import { authResponse, demoPassword, sampleAccounts, vendor, type Vendor } from "@procure/contracts";
import { startProduct, type RunningProduct } from "./support/server";
import { openSession, signIn, type Session } from "./support/browser";
import { seriousViolations } from "./support/audit";

const buyerEmail = sampleAccounts.find((a) => a.role === "buyer")!.email;

let product: RunningProduct;
let buyerToken: string;
const sessions: Session[] = [];

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${product.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${buyerToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

const listVendors = async (query: string) => z.array(vendor).parse((await call("GET", `/api/vendors?${query}`)).json);
const errorOf = (json: unknown) => z.object({ error: z.object({ message: z.string() }) }).parse(json).error.message;

async function openVendors(viewport?: { width: number; height: number }): Promise<Page> {
  const session = await openSession(viewport);
  sessions.push(session);
  await signIn(session.page, product.url, buyerEmail);
  await session.page.goto(`${product.url}/app/vendors`);
  await session.page.locator(".vendor-card").first().waitFor();
  return session.page;
}

const card = (page: Page, name: string) => page.locator(".vendor-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
const cardNames = (page: Page) => page.locator(".vendor-card h3").allTextContents();

/** Serious and critical axe findings anywhere on the page, shell included. */
const seriousOnPage = async (page: Page) => (await seriousViolations(page, "body")).screen;

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  mkdirSync("/tmp/shots", { recursive: true });
  product = await startProduct("vendors");
  const login = await fetch(`${product.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: buyerEmail, password: demoPassword }),
  });
  buyerToken = authResponse.parse(await login.json()).token;
});

afterEach((context) => {
  if (context.task.result?.state === "fail" && product) console.error(product.logs());
});

afterAll(async () => {
  for (const session of sessions) await session.close().catch(() => {});
  await product?.stop();
});

describe("the vendors screen", () => {
  let chosen: Vendor;

  it("lets a buyer block a vendor, which the status filter finds and purchase orders refuse, and unblock it", async () => {
    chosen = (await listVendors("status=active&limit=50"))[0]!;
    const page = await openVendors();

    const opener = card(page, chosen.name).getByRole("button", { name: `Open ${chosen.name}` });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: chosen.name });
    await drawer.getByRole("button", { name: "Block" }).click();
    await drawer.getByText("Will be blocked after Save.").waitFor();
    await drawer.getByLabel("Reason (optional)").fill("Insurance certificate expired");
    await drawer.getByRole("button", { name: "Save" }).click();
    await page.getByText("Vendor blocked").waitFor();
    await drawer.waitFor({ state: "hidden" });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole("combobox", { name: "Status" }).selectOption("blocked");
    await expect.poll(() => page.locator(".vendor-card-head .badge").allTextContents()).not.toContain("active");
    expect(await cardNames(page)).toContain(chosen.name);
    expect(page.url()).toContain("status=blocked");

    const refused = await call("POST", "/api/orders", { vendor_id: chosen.id, total: 50 });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json)).toBe(`${chosen.name} is blocked; purchase orders cannot be raised for a blocked vendor.`);

    await card(page, chosen.name)
      .getByRole("button", { name: `Open ${chosen.name}` })
      .click();
    const again = page.getByRole("dialog", { name: chosen.name });
    const history = again.getByRole("region", { name: "History" });
    await history.getByText("Blocked: Insurance certificate expired").waitFor();
    expect(await history.textContent()).toContain(buyerEmail);
    await again.getByRole("button", { name: "Unblock" }).click();
    await again.getByRole("button", { name: "Save" }).click();
    await page.getByText("Vendor unblocked").waitFor();
    await page.getByText("No vendors match the current filters.").or(page.locator(".vendor-card").first()).waitFor();
    await expect.poll(() => cardNames(page)).not.toContain(chosen.name);
    expect((await listVendors("status=blocked&limit=100")).some((v) => v.id === chosen.id)).toBe(false);
    expect((await call("POST", "/api/orders", { vendor_id: chosen.id, total: 50 })).status).toBe(201);
  });

  it("filters by risk and search, says when nothing matches, and clears the filters", async () => {
    const page = await openVendors();
    const all = (await cardNames(page)).length;
    const high = await listVendors("risk=high&limit=100");
    await page.getByRole("combobox", { name: "Risk" }).selectOption("high");
    await expect.poll(() => cardNames(page)).toEqual(high.map((v) => v.name));

    await page.getByRole("searchbox", { name: "Search vendors" }).fill("no such supplier anywhere");
    await page.getByText("No vendors match the current filters.").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBe(all);
  });

  it("cuts long notes to 160 characters on the card: 157 and an ellipsis", async () => {
    const notes = "Quarterly review pending. ".repeat(10);
    expect((await call("PATCH", `/api/vendors/${chosen.id}`, { notes })).status).toBe(200);
    const page = await openVendors();
    const shown = await card(page, chosen.name).locator(".vendor-notes").textContent();
    expect(shown).toBe(`${notes.trim().slice(0, 157)}...`);
    expect(shown).toHaveLength(160);
    await card(page, chosen.name)
      .getByRole("button", { name: `Open ${chosen.name}` })
      .click();
    expect(await page.getByRole("dialog").getByLabel("Notes (optional)").inputValue()).toBe(notes.trim());
  });

  it("adds a vendor, and puts a taken name on the name field", async () => {
    const page = await openVendors();
    await page.getByRole("button", { name: "New vendor" }).click();
    const drawer = page.getByRole("dialog", { name: "New vendor" });
    await drawer.getByRole("button", { name: "Add vendor" }).click();
    await drawer.getByText("Vendor name is required").waitFor();

    await drawer.getByLabel("Name").fill(chosen.name.toUpperCase());
    await drawer.getByRole("button", { name: "Add vendor" }).click();
    const name = drawer.getByLabel("Name");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await drawer.locator("#new-vendor-form-name-error").textContent()).toMatch(/already exists/);

    await name.fill("Harbour Safety Supplies");
    await drawer.getByLabel("Risk").selectOption("high");
    await drawer.getByRole("button", { name: "Add vendor" }).click();
    await page.getByText("Vendor added").waitFor();
    await card(page, "Harbour Safety Supplies").getByText("high risk").waitFor();
  });

  it("starts a request for the vendor from its card", async () => {
    const page = await openVendors();
    await card(page, chosen.name)
      .getByRole("link", { name: `Create request for ${chosen.name}` })
      .click();
    await page.waitForURL(`${product.url}/app/requests?vendor=${chosen.id}`);
    await page.getByRole("dialog").waitFor();
  });

  it("has no serious accessibility problem and no sideways scroll, in both themes, at desktop and phone widths", async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 800 },
    ]) {
      const page = await openVendors(viewport);
      await page.evaluate(() => localStorage.setItem("theme", "light"));
      await page.reload();
      await page.locator(".vendor-card").first().waitFor();
      for (const theme of ["light", "dark"]) {
        if (theme === "dark") await page.getByTitle("Toggle theme").click();
        await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe(theme);
        const where = `${theme} at ${viewport.width}px`;
        expect(await seriousOnPage(page), where).toEqual([]);
        expect(await sidewaysScroll(page), where).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/shots/vendors-${theme}-${viewport.width}.png`, fullPage: true });
        await page.screenshot({ path: `/tmp/shots/vendors-top-${theme}-${viewport.width}.png` });

        await card(page, chosen.name)
          .getByRole("button", { name: `Open ${chosen.name}` })
          .click();
        const drawer = page.getByRole("dialog", { name: chosen.name });
        await drawer.getByRole("region", { name: "History" }).locator("li").first().waitFor();
        expect(await seriousOnPage(page), `drawer, ${where}`).toEqual([]);
        await drawer.getByRole("button", { name: "Block" }).press("Enter");
        await drawer.getByLabel("Reason (optional)").waitFor();
        expect(await seriousOnPage(page), `drawer about to block, ${where}`).toEqual([]);
        expect(await sidewaysScroll(page), `drawer, ${where}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/shots/vendors-drawer-${theme}-${viewport.width}.png` });
        await page.keyboard.press("Escape");
        await drawer.waitFor({ state: "hidden" });
      }
    }
  });
});
