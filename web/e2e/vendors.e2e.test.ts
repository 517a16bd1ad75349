import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { z } from "zod";
import { authResponse, demoPassword, extraDemoAccounts, sampleAccounts, vendor, type Vendor } from "@procure/contracts";
import { repoRoot } from "@procure/infra/testing/child-process";
import { startProduct, type RunningProduct } from "./support/server";
import { openSession, signIn, type Session } from "./support/browser";

const buyerEmail = [...sampleAccounts, ...extraDemoAccounts].find((a) => a.role === "buyer")!.email;
const axeSource = readFileSync(join(repoRoot, "node_modules/axe-core/axe.min.js"), "utf8");

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

async function openVendors(viewport?: { width: number; height: number }): Promise<Page> {
  const session = await openSession(viewport);
  sessions.push(session);
  await signIn(session.page, product.url, buyerEmail);
  await session.page.goto(`${product.url}/app/vendors`);
  await session.page.locator(".vendor-card").first().waitFor();
  return session.page;
}

const card = (page: Page, name: string) => page.locator(".vendor-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

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
    const active = z.array(vendor).parse((await call("GET", "/api/vendors?status=active&limit=50")).json);
    chosen = active[0]!;
    const page = await openVendors();

    await card(page, chosen.name).getByRole("button", { name: `Open ${chosen.name}` }).click();
    const drawer = page.getByRole("dialog", { name: chosen.name });
    await drawer.getByRole("button", { name: "Block" }).click();
    await drawer.getByText("Will be blocked after Save.").waitFor();
    await drawer.getByRole("button", { name: "Save" }).click();
    await page.getByText("Vendor updated").waitFor();

    await page.getByRole("combobox", { name: "Status" }).selectOption("blocked");
    await expect.poll(() => card(page, chosen.name).locator(".badge").textContent()).toBe("blocked");

    const refused = await call("POST", "/api/orders", { vendor_id: chosen.id, total: 50 });
    expect(refused.status).toBe(409);
    expect((refused.json as { error: { message: string } }).error.message).toBe(
      `${chosen.name} is blocked; purchase orders cannot be raised for a blocked vendor.`,
    );

    await card(page, chosen.name).getByRole("button", { name: `Open ${chosen.name}` }).click();
    const again = page.getByRole("dialog", { name: chosen.name });
    await again.getByRole("region", { name: "History" }).getByText("Blocked", { exact: true }).waitFor();
    await expect.poll(() => again.getByRole("region", { name: "History" }).textContent()).toContain(buyerEmail);
    await again.getByRole("button", { name: "Unblock" }).click();
    await again.getByRole("button", { name: "Save" }).click();
    await page.getByText("Vendor updated").last().waitFor();
    await expect.poll(async () => z.array(vendor).parse((await call("GET", "/api/vendors?status=blocked&limit=100")).json).some((v) => v.id === chosen.id)).toBe(false);
    expect((await call("POST", "/api/orders", { vendor_id: chosen.id, total: 50 })).status).toBe(201);
  });

  it("cuts long notes to 157 characters and an ellipsis on the card", async () => {
    const notes = "Quarterly review pending. ".repeat(10);
    expect((await call("PATCH", `/api/vendors/${chosen.id}`, { notes })).status).toBe(200);
    const page = await openVendors();
    const shown = await card(page, chosen.name).locator(".vendor-notes").textContent();
    expect(shown).toBe(`${notes.trim().slice(0, 157)}…`);
  });

  it("starts a request for the vendor from its card", async () => {
    const page = await openVendors();
    await card(page, chosen.name).getByRole("link", { name: `Create request for ${chosen.name}` }).click();
    await page.waitForURL(`${product.url}/app/requests?vendor=${chosen.id}`);
    await page.getByRole("dialog").waitFor();
  });

  it("has no serious accessibility problem and no sideways scroll, in both themes, at desktop and phone widths", async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 800 },
    ]) {
      for (const theme of ["light", "dark"]) {
        const page = await openVendors(viewport);
        await page.evaluate((t) => localStorage.setItem("theme", t), theme);
        await page.reload();
        await page.locator(".vendor-card").first().waitFor();
        await page.evaluate(axeSource);
        const serious = await page.evaluate(async () => {
          type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
          const axe = (window as unknown as { axe: { run: (ctx: Element) => Promise<Result> } }).axe;
          const found = await axe.run(document.querySelector("main") ?? document.body);
          return found.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`);
        });
        expect(serious, `${theme} at ${viewport.width}px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/shots/vendors-${theme}-${viewport.width}.png`, fullPage: true });
      }
    }
  });
});
