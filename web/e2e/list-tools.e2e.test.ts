import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { parseCsv } from "@procure/infra/audit-verify-script";
import { callApi, emailOf, tokenFor } from "./support/api";
import { signIn } from "./support/browser";
import { expectNoSeriousViolations } from "./support/audit";
import { screenshotView } from "./support/screenshots";
import { createRequests } from "./support/seed-requests";
import { useProduct } from "./support/suite";

const SEEDED = 5_000;
const product = useProduct("list-tools");
const stamp = Date.now().toString(36);
let admin: string;

beforeAll(async () => {
  admin = await tokenFor(product.url, emailOf("admin"));
  const requester = await tokenFor(product.url, emailOf("requester"));
  const started = Date.now();
  await createRequests(product.url, requester, SEEDED, (i) => `List ${stamp} ${i % 2 ? "laptop" : "chair"} ${i}`);
  console.info(`seeded ${SEEDED} requests in ${Date.now() - started} ms`);
}, 600_000);

const amounts = async (page: Page) =>
  (await page.locator("tbody tr[data-request-id] td[data-label=Amount]").allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, "")));

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])("the requests list's tools at $width px", (viewport) => {
  const phone = viewport.width < 640;

  it("keeps its filter, search and sort through a reload, sorted by the server", async () => {
    const { page } = await product.open(viewport);
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();

    await page
      .getByRole("group", { name: "Filter by status" })
      .getByRole("button", { name: /^Pending/ })
      .click();
    await page.getByRole("searchbox", { name: "Search requests" }).fill(`${stamp} laptop`);
    if (phone) await page.getByLabel("Sort").selectOption("-amount");
    else {
      // Amounts sort largest first on the first click, smallest first on the next.
      await page.getByRole("button", { name: "Amount" }).click();
      await expect.poll(() => page.getByRole("columnheader", { name: "Amount" }).getAttribute("aria-sort")).toBe("descending");
      await page.getByRole("button", { name: "Amount" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("amount");
      await expect.poll(async () => (await amounts(page))[0]).toBe(11);
      await page.getByRole("button", { name: "Amount" }).click();
    }
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: "pending", q: `${stamp} laptop`, sort: "-amount" });
    await expect.poll(async () => (await amounts(page))[0]).toBe(99);

    await page.reload();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: "pending", q: `${stamp} laptop`, sort: "-amount" });
    await expect.poll(() => page.getByRole("searchbox", { name: "Search requests" }).inputValue()).toBe(`${stamp} laptop`);
    expect(await page.getByRole("button", { name: /^Pending/ }).getAttribute("aria-pressed")).toBe("true");
    if (phone) expect(await page.getByLabel("Sort").inputValue()).toBe("-amount");
    else expect(await page.getByRole("columnheader", { name: "Amount" }).getAttribute("aria-sort")).toBe("descending");
    await expect.poll(async () => (await amounts(page)).length).toBeGreaterThan(5);
    const shown = await amounts(page);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(await page.locator("tbody tr[data-request-id] .request-title-link").first().textContent()).toContain("laptop");
    await expectNoSeriousViolations(page, "main", `requests list tools ${viewport.width}`);
    await screenshotView(page, `list-tools-requests-${viewport.width}`);
  });

  it("never puts the floating + over the list's own tools, and offers New request wherever the page is scrolled", async () => {
    const { page } = await product.open(viewport);
    await signIn(page, product.url, emailOf("requester"));
    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    const tools = [
      page.getByRole("button", { name: "Export CSV" }),
      page.getByRole("searchbox", { name: "Search requests" }),
      ...(phone ? [page.getByLabel("Sort")] : []),
    ];
    // Each tool brought to the bottom edge of the screen, where the floating button sits, is still the thing a tap reaches.
    for (const tool of tools) {
      await tool.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
      await expect
        .poll(() =>
          tool.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const hit = document.elementFromPoint(box.right - 6, box.bottom - 6);
            return hit !== null && (el === hit || el.contains(hit));
          }),
        )
        .toBe(true);
    }
    const inline = page.locator(".toolbar-new");
    expect(await inline.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.locator(".fab").isVisible()).toBe(true);
    await page.locator(".fab").click();
    await page.getByRole("dialog", { name: /new request/i }).waitFor();
  });

  it("answers to / for search, n for a new request and ? for the list of keys, but not while typing", async () => {
    const { page } = await product.open(viewport);
    await signIn(page, product.url, emailOf("requester"));
    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    await expectNoSeriousViolations(page, ".dialog", `shortcuts ${viewport.width}`);
    await screenshotView(page, `list-tools-shortcuts-${viewport.width}`);
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });

    await page.keyboard.press("/");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
    await page.keyboard.type("n");
    await expect.poll(() => page.getByRole("searchbox", { name: "Search requests" }).inputValue()).toBe("n");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("n");
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.locator("body").click({ position: { x: 2, y: 2 } });
    await page.keyboard.press("n");
    await page.getByRole("dialog", { name: /new request/i }).waitFor();
  });
});

describe(`CSV export of ${SEEDED.toLocaleString("en-US")} requests`, () => {
  it("downloads every request the list shows, in its order", async () => {
    const summary = await callApi(product.url, "GET", "/api/requests/summary", admin);
    const total = (summary.json as { counts: { all: number } }).counts.all;
    expect(total).toBeGreaterThan(SEEDED);

    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/requests?sort=title`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    const firstTitle = await page.locator("tbody tr[data-request-id] .request-title-link").first().textContent();
    const started = Date.now();
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("requests.csv");
    const [header, ...lines] = parseCsv(readFileSync((await download.path())!, "utf8")).filter((row) => row.length > 1);
    console.info(`exported ${lines.length} requests in ${Date.now() - started} ms`);
    expect(header![1]).toBe("title");
    expect(lines).toHaveLength(total);
    expect(lines[0]![1]).toBe(firstTitle);
    expect(new Set(lines.map((line) => line[0])).size).toBe(total);
  });
});

describe("orders and vendors", () => {
  it("keep their filters and sort in the address, and a blocked vendor offers no request", async () => {
    const buyer = await tokenFor(product.url, emailOf("buyer"));
    const blocked = await callApi(product.url, "POST", "/api/vendors", buyer, { name: `Blocked ${stamp}`, status: "blocked" });
    expect(blocked.status).toBe(201);

    const { page } = await product.open();
    await signIn(page, product.url, emailOf("buyer"));
    await page.goto(`${product.url}/app/purchase-orders`);
    await page.locator(".po-table tbody tr").first().waitFor();
    await page.getByRole("button", { name: "Total" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("-total");
    await page.reload();
    expect(await page.getByRole("columnheader", { name: "Total" }).getAttribute("aria-sort")).toBe("descending");
    await expectNoSeriousViolations(page, "main", "orders sorted");
    await screenshotView(page, "list-tools-orders-1280");

    await page.goto(`${product.url}/app/vendors?status=blocked&sort=-name`);
    const card = page.locator(".vendor-card").filter({ hasText: `Blocked ${stamp}` });
    await card.waitFor();
    expect(await page.getByLabel("Sort").inputValue()).toBe("-name");
    expect(await card.getByRole("link", { name: /Create request/ }).count()).toBe(0);
    await screenshotView(page, "list-tools-vendors-1280");

    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    await page.keyboard.press("n");
    const vendorSelect = page.getByRole("dialog").locator("select[name=vendor_id]");
    await vendorSelect.waitFor();
    await expect.poll(async () => (await vendorSelect.locator("option").allTextContents()).length).toBeGreaterThan(1);
    expect(await vendorSelect.locator("option").allTextContents()).not.toContain(`Blocked ${stamp}`);
  });
});
