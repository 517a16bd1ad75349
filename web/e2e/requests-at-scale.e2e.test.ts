import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, emailOf, tokenFor } from "./support/api";
import { signIn } from "./support/browser";
import { cellEdgeSpread } from "./support/layout";
import { screenshotView } from "./support/screenshots";
import { createRequests, decideRequests } from "./support/seed-requests";
import { useProduct } from "./support/suite";

const SEEDED = 5_000;
const product = useProduct("scale");
const stamp = Date.now().toString(36);
const titleOf = (i: number) => `Scale ${stamp} item ${i}`;

beforeAll(async () => {
  const started = Date.now();
  const requester = await tokenFor(product.url, emailOf("requester"));
  const ids = await createRequests(product.url, requester, SEEDED, titleOf);
  // A few decisions, so every chip and card has something to agree on.
  const approver = await tokenFor(product.url, emailOf("approver"));
  await decideRequests(product.url, approver, ids.slice(0, 40), "approve");
  await decideRequests(product.url, approver, ids.slice(40, 60), "deny");
  console.info(`seeded ${SEEDED} requests in ${Date.now() - started} ms`);
}, 600_000);

/** The number a KPI card or chip states, as screen readers get it (the visible one counts up). */
const figure = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

async function kpi(page: Page, label: string) {
  return figure(
    await page
      .locator(".kpi", { has: page.getByText(label, { exact: true }) })
      .locator(".kpi-value .visually-hidden")
      .textContent(),
  );
}

async function chip(page: Page, label: string) {
  const button = page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: new RegExp(`^${label}`) });
  return figure(await button.locator(".chip-count").textContent());
}

async function glance(page: Page, label: string) {
  const cell = page.locator(".glance-cell", { has: page.getByText(label, { exact: true }) });
  return {
    count: figure(await cell.locator(".glance-value .visually-hidden").textContent()),
    amount: figure(await cell.locator(".glance-amount").textContent()),
  };
}

const renderedRows = (page: Page) => page.locator("tbody tr[data-request-id]").count();

describe(`the requests list with ${SEEDED.toLocaleString("en-US")} more requests`, () => {
  it("states on every card and chip the figure the dashboard states", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.getByRole("tab", { name: "Requests" }).click();
    await expect.poll(async () => (await glance(page, "Submitted")).count, { timeout: 15_000 }).toBeGreaterThan(SEEDED);
    const submitted = await glance(page, "Submitted");
    const approved = await glance(page, "Approved");
    const pending = await glance(page, "Pending");
    const deniedLine = await page.getByText(/requests? (was|were) denied/).textContent();
    const denied = Number(/^(\d+)/.exec(deniedLine ?? "")?.[1]);

    await page.locator(".shell-sidebar").getByRole("link", { name: "Requests" }).click();
    await expect.poll(() => kpi(page, "Total requests"), { timeout: 15_000 }).toBe(submitted.count);
    expect(await kpi(page, "Pending approvals")).toBe(pending.count);
    expect(await kpi(page, "Approved")).toBe(approved.count);
    expect(await kpi(page, "Requested spend")).toBe(submitted.amount);
    await expect.poll(() => chip(page, "All")).toBe(submitted.count);
    expect(await chip(page, "Approved")).toBe(approved.count);
    expect(await chip(page, "Pending")).toBe(pending.count);
    expect(await chip(page, "Denied")).toBe(denied);
    expect(approved.count).toBeGreaterThanOrEqual(40);
    expect(denied).toBeGreaterThanOrEqual(20);
  });

  it("shows the first rows soon after following the link, and prints how soon", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.getByRole("tab", { name: "Requests" }).waitFor();
    // Timed in the page, from the click's event to the first row in the document, so the test driver's own
    // steps (checking the link can be clicked, polling for the row) are not counted.
    const shown = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let clickedAt = 0;
          document.addEventListener("click", () => (clickedAt = performance.now()), { capture: true, once: true });
          new MutationObserver((_, observer) => {
            if (!clickedAt || !document.querySelector("tbody tr[data-request-id]")) return;
            observer.disconnect();
            resolve(performance.now() - clickedAt);
          }).observe(document.body, { subtree: true, childList: true });
        }),
    );
    await page.locator(".shell-sidebar").getByRole("link", { name: "Requests" }).click();
    const elapsed = Math.round(await shown);
    // The one-second goal is a speed figure and varies with the machine's load; it is printed here for the profile.
    // What this test holds is that the rows come without a stall (a hung query or a request waterfall takes seconds).
    console.info(`first request rows ${elapsed} ms after the click`);
    expect(elapsed).toBeLessThan(3_000);
  });

  it("draws each row as one line: the title cell's border meets the rest of the row's", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.locator(".shell-sidebar").getByRole("link", { name: "Requests" }).click();
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    const { rows, spread } = await cellEdgeSpread(page, "tbody tr[data-request-id]");
    expect(rows).toBe(10);
    expect(spread).toBeLessThan(0.25);
  });

  it("scrolls to the oldest request, keeping only a screenful of rows in the page", async () => {
    const admin = await tokenFor(product.url, emailOf("admin"));
    const summary = await callApi(product.url, "GET", "/api/requests/summary", admin);
    const total = (summary.json as { counts: { all: number } }).counts.all;
    // The list is newest first, so the oldest request is the one the server lists last.
    const last = await lastListed(admin, total);

    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    const oldest = page.locator(`tbody tr[data-request-id="${last}"]`);
    const deadline = Date.now() + 240_000;
    let mostRows = 0;
    while ((await oldest.count()) === 0 && Date.now() < deadline) {
      await page.mouse.wheel(0, 4_000);
      // The list renders the rows the scroll brought into view by the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      mostRows = Math.max(mostRows, await renderedRows(page));
    }
    await oldest.waitFor({ timeout: 1_000 });
    await page.getByText(`Showing ${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`).waitFor();
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    expect(mostRows).toBeLessThan(80);
    await screenshotView(page, "requests-scale-oldest");
  });

  it("loads the next page from the keyboard too", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/requests`);
    const showing = page.getByText(/^Showing [\d,]+ of/);
    await showing.waitFor();
    const before = figure((await showing.textContent())?.split(" of ")[0] ?? "");
    await page.getByRole("button", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => figure((await showing.textContent())?.split(" of ")[0] ?? "")).toBeGreaterThan(before);
  });

  it("searches on the server: a title far down the list is found at once", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/requests`);
    await page.locator("tbody tr[data-request-id]").first().waitFor();
    const wanted = titleOf(4321);
    const asked = page.waitForRequest((r) => r.url().includes("/api/requests?") && r.url().includes(`q=${encodeURIComponent(wanted).replace(/%20/g, "+")}`));
    await page.getByRole("searchbox", { name: "Search requests" }).fill(wanted);
    await asked;
    await expect.poll(() => chip(page, "All")).toBe(1);
    await page.locator("tbody tr[data-request-id]").getByText(wanted, { exact: true }).waitFor();
    expect(await renderedRows(page)).toBe(1);
  });
});

/** Pages through the whole list as the client does and answers the last id. */
async function lastListed(token: string, total: number): Promise<string> {
  let path: string | null = "/api/requests?limit=500";
  let seen = 0;
  let last = "";
  while (path) {
    const response: Response = await fetch(`${product.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const rows = (await response.json()) as { id: string }[];
    seen += rows.length;
    last = rows.at(-1)?.id ?? last;
    const next = /<([^>]+)>\s*;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
    path = next ? new URL(next, product.url).href.slice(product.url.length) : null;
  }
  expect(seen).toBe(total);
  return last;
}
