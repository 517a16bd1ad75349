import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { demoPassword, sampleAccounts } from "@procure/contracts";
import { startProduct, type RunningProduct } from "./support/server";
import { markPage, openSession, signIn, wasReloaded, type Session } from "./support/browser";

const emailOf = (role: "requester" | "approver" | "admin") => sampleAccounts.find((a) => a.role === role)!.email;

const expectedNav: Record<string, string[]> = {
  requester: ["Dashboard", "Requests", "Catalogue"],
  approver: ["Dashboard", "Requests", "Approvals"],
  admin: ["Dashboard", "Requests", "Approvals", "Purchase orders", "Invoices", "Budgets", "Vendors", "Catalogue", "Integrations", "Settings"],
};

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.locator(".shell-sidebar").getByRole("navigation", { name: "Workspace" });
  await nav.getByRole("link", { name: "Dashboard" }).waitFor();
  const names = await nav.getByRole("link").allTextContents();
  return names.map((n) => n.replace(/^\W+/u, "").trim()).filter((n) => n !== "Intake checklist");
}

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId("inbox-badge");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

function rowFor(page: Page, title: string) {
  return page.locator("tbody tr").filter({ has: page.getByText(title, { exact: true }) });
}

let product: RunningProduct;
const sessions: Session[] = [];
const open = async () => {
  const session = await openSession();
  sessions.push(session);
  return session;
};

beforeAll(async () => {
  // Request logs on, so the last test can check that no browser session left its token in them.
  product = await startProduct("webflow", { logLevel: "info" });
});

afterEach((context) => {
  // The server's own output is the first thing needed when a browser step fails.
  if (context.task.result?.state === "fail" && product) console.error(product.logs());
});

afterAll(async () => {
  for (const session of sessions) await session.close().catch(() => {});
  await product?.stop();
});

describe("signing in as each sample account", () => {
  for (const role of ["requester", "approver", "admin"] as const) {
    it(`shows the ${role}'s navigation`, async () => {
      const { page, close } = await open();
      await signIn(page, product.url, emailOf(role));
      expect(await sidebarLinks(page)).toEqual(expectedNav[role]);
      await expect.poll(() => page.locator(".shell-desktop-account .shell-email").textContent()).toBe(emailOf(role));
      await close();
    });
  }

  it("sends a role to /app when it opens a route it may not see, and unknown /app paths too", async () => {
    const { page, close } = await open();
    await signIn(page, product.url, emailOf("requester"));
    await page.goto(`${product.url}/app/approvals`);
    await page.waitForURL(`${product.url}/app`);
    await page.goto(`${product.url}/app/no-such-screen`);
    await page.waitForURL(`${product.url}/app`);
    await close();
  });

  it("returns to the requested path and query after signing in", async () => {
    const { page, close } = await open();
    await page.goto(`${product.url}/app/requests?vendor=none`);
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(emailOf("requester"));
    await page.getByLabel("Password").fill("procure-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${product.url}/app/requests?vendor=none`);
    await close();
  });
});

describe("the new-request form by address", () => {
  it("opens from /app/requests/new and from the dashboard's New request link, and closes back to the list", async () => {
    const { page, close } = await open();
    await signIn(page, product.url, emailOf("requester"));
    const form = page.getByRole("dialog", { name: "New request" });

    await page.goto(`${product.url}/app/requests/new`);
    await page.waitForURL(`${product.url}/app/requests?new=1`);
    await form.getByLabel("Title").waitFor();
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });
    await page.waitForURL(`${product.url}/app/requests`);

    await page.goto(`${product.url}/app`);
    await page.getByRole("link", { name: "New request" }).first().click();
    await form.getByLabel("Title").waitFor();
    await close();
  });
});

describe("a request moving between two people, live", () => {
  const title = `Ergonomic footrests ${Date.now().toString(36)}`;
  let requester: Session;
  let approver: Session;

  beforeAll(async () => {
    requester = await open();
    approver = await open();
    await signIn(requester.page, product.url, emailOf("requester"));
    await signIn(approver.page, product.url, emailOf("approver"));
    await requester.page.getByRole("link", { name: "Requests" }).first().click();
    await requester.page.getByRole("button", { name: "New request" }).first().waitFor();
  });

  it("raises the approver's open inbox badge when the requester creates a request", async () => {
    const { page } = approver;
    await page.getByRole("button", { name: /^Inbox/ }).click();
    await page.getByRole("dialog", { name: "Workspace inbox" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: /^Refresh/ }).textContent()).toBe("Refresh");
    const before = await badgeCount(page);
    await markPage(page);

    const r = requester.page;
    await r.getByRole("button", { name: "New request" }).first().click();
    await r.getByLabel("Title").fill(title);
    await r.getByLabel("Amount (USD)").fill("245.50");
    await r.getByRole("button", { name: "Submit request" }).click();
    await r.getByText("Request created").waitFor();
    await rowFor(r, title).waitFor();

    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(Math.min(99, before + 1));
    await expect(page.getByRole("dialog", { name: "Workspace inbox" }).isVisible()).resolves.toBe(true);
    expect(await wasReloaded(page)).toBe(false);
  });

  it("lets the approver cancel with Escape, then approve through the dialog; the requester's table shows approved", async () => {
    const { page } = approver;
    await page.keyboard.press("Escape");
    await page.locator(".shell-sidebar").getByRole("link", { name: "Approvals" }).click();
    const row = rowFor(page, title);
    await row.waitFor();

    await row.getByRole("button", { name: `Approve ${title}` }).click();
    await page.getByRole("alertdialog").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    await expect.poll(() => row.count()).toBe(1);
    // Focus is back on the button that opened the dialog, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Approve ${title}`);

    await markPage(requester.page);
    await row.getByRole("button", { name: `Approve ${title}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(title).waitFor();
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByText("Request approved", { exact: true }).waitFor();
    await expect.poll(() => rowFor(page, title).count(), { timeout: 10_000 }).toBe(0);

    const requesterRow = rowFor(requester.page, title);
    await expect.poll(() => requesterRow.locator(".badge").textContent(), { timeout: 15_000 }).toBe("approved");
    expect(await wasReloaded(requester.page)).toBe(false);
  });

  it("shows both events on the request's timeline", async () => {
    const r = requester.page;
    await rowFor(r, title).getByRole("link", { name: title }).click();
    const drawer = r.getByRole("dialog", { name: title });
    await drawer.waitFor();
    await drawer.getByRole("tab", { name: "Timeline" }).click();
    const timeline = drawer.getByTestId("request-timeline");
    await timeline.getByText("Request created").waitFor();
    await timeline.getByText("Approved", { exact: true }).waitFor();
    await expect(timeline.getByText(emailOf("approver")).count()).resolves.toBeGreaterThan(0);

    await r.keyboard.press("Escape");
    await r.waitForURL(`${product.url}/app/requests`);
  });
});

describe("the requests list at more rows than a page", () => {
  it("counts every request in the chips and cards and loads the rest a page at a time", async () => {
    const login = await fetch(`${product.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: emailOf("requester"), password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < 120; i++) {
      const created = await fetch(`${product.url}/api/requests`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `Bulk chair ${i}`, amount: 5 }),
      });
      expect(created.status).toBe(201);
    }
    const summary = (await (await fetch(`${product.url}/api/requests/summary`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      counts: { all: number };
    };
    expect(summary.counts.all).toBeGreaterThan(120);

    const { page } = await open();
    const policyViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/requests`);
    const allChip = page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: /^All/ });
    await expect.poll(async () => Number((await allChip.locator(".chip-count").textContent()) ?? 0)).toBeGreaterThan(120);
    await expect.poll(async () => /^Showing 50 of [\d,]+$/.test((await page.getByText(/^Showing/).textContent()) ?? "")).toBe(true);
    // The button, without scrolling: scrolling to it would reach the end of the list, which loads the next page by
    // itself, and with a fast server the button may have moved on or gone by the time a click lands.
    await page.getByRole("button", { name: "Load more" }).dispatchEvent("click");
    await expect.poll(async () => /^Showing 100 of [\d,]+$/.test((await page.getByText(/^Showing/).textContent()) ?? "")).toBe(true);
    // Scrolling to the last row loads the rest, a page at a time, until every request is shown.
    await expect
      .poll(async () => {
        await page.locator(".list-more").scrollIntoViewIfNeeded();
        return (await page.getByText(/^Showing/).textContent()) ?? "";
      })
      .toMatch(/^Showing ([\d,]+) of \1$/);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    // Back at the top, where the search box is, and at once rather than in the page's smooth scroll: left at (or
    // still gliding from) the end of the list, the first page of results would land near its end and load the
    // next pages by itself.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect.poll(async () => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("searchbox", { name: "Search requests" }).fill("bulk chair");
    await expect.poll(async () => Number((await allChip.locator(".chip-count").textContent()) ?? 0)).toBe(120);
    await expect.poll(async () => page.getByText(/^Showing/).textContent(), { timeout: 20_000 }).toBe("Showing 50 of 120");
    // The search's later pages follow the server's links, which keep the search: scrolling ends at every match.
    await expect
      .poll(async () => {
        await page.locator(".list-more").scrollIntoViewIfNeeded();
        return (await page.getByText(/^Showing/).textContent()) ?? "";
      })
      .toBe("Showing 120 of 120");
    expect(await page.locator("tr[data-request-id]").evaluateAll((rows) => rows.every((row) => /Bulk chair/.test(row.textContent ?? "")))).toBe(true);
    // Every answer above was parsed by the schemas, without the eval the page's CSP forbids.
    expect(policyViolations).toEqual([]);
  });
});

describe("a section whose code cannot be fetched", () => {
  it("keeps the shell, reloads once to pick up a new release, and says so when the code stays away", async () => {
    const { page } = await open();
    await signIn(page, product.url, emailOf("approver"));
    const shellNav = page.locator(".shell-sidebar").getByRole("navigation", { name: "Workspace" });

    // As after a deploy: the tab asks for a chunk that is gone (the server's 404 for it); the reload it makes by
    // itself finds the new one.
    let gone = true;
    await page.route(/\/assets\/approvals-[^/]+\.js$/, async (route) =>
      gone ? route.fulfill({ status: 404, contentType: "application/json", body: '{"error":{"code":"not_found","message":"gone"}}' }) : route.continue(),
    );
    await markPage(page);
    // The reload's own document request, sent before the new page asks for any chunk; the router's history
    // navigation fires "framenavigated" too, but asks the network for nothing.
    const reloaded = page
      .waitForEvent("request", { predicate: (r) => r.isNavigationRequest() && r.frame() === page.mainFrame(), timeout: 30_000 })
      .then(() => (gone = false));
    await shellNav.getByRole("link", { name: "Approvals" }).click();
    await reloaded;
    await page.getByRole("region", { name: "Pending approvals" }).waitFor();
    expect(await wasReloaded(page)).toBe(true);

    // The server keeps refusing: one reload, then the message inside the shell, with the navigation still there.
    await page.unroute(/\/assets\/approvals-[^/]+\.js$/);
    await page.route(/\/assets\/approvals-[^/]+\.js$/, (route) => route.abort());
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${product.url}/app/requests`);
    await shellNav.getByRole("link", { name: "Approvals" }).click();
    await page.getByText("This part of Procure could not be loaded.").waitFor();
    // After its one reload the section says it is stuck; only then may the code come back, or that reload finds it.
    await page.getByText("The server answers, but this part still fails to load. Reload to try again.").waitFor({ timeout: 30_000 });
    await expect.poll(() => shellNav.getByRole("link", { name: "Requests" }).isVisible()).toBe(true);
    await page.unroute(/\/assets\/approvals-[^/]+\.js$/);
    await page.getByRole("button", { name: "Reload" }).click();
    await page.getByRole("region", { name: "Pending approvals" }).waitFor();
  });
});

describe("the server log after these browser sessions", () => {
  it("records requests but holds no token", () => {
    const log = product.output();
    expect(log).toMatch(/"url":"\/api\/live"/);
    expect(log).toMatch(/"url":"\/api\/requests/);
    expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });
});
