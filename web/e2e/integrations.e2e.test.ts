import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Role } from "@procure/contracts";
import { emailOf } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { cellEdgeSpread } from "./support/layout";
import { screenshotPage, shotWidths } from "./support/screenshots";
import { useProduct } from "./support/suite";
import { reloadInTheme, themes } from "./support/theme";

const product = useProduct("integrations");
const open = product.open;

async function openIntegrations(page: Page, role: Role = "admin", hash = "") {
  await signIn(page, product.url, emailOf(role));
  await page.goto(`${product.url}/app/integrations${hash}`);
  await page.getByRole("heading", { name: "PunchOut hub" }).waitFor();
}

const feedState = (page: Page) => page.getByTestId("feed-state").textContent();
const feedPart = (page: Page, label: string) => page.getByTestId("feed-part").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
const feedParts = (page: Page) => page.getByTestId("feed-part").locator("dt").allTextContents();
const inViewport = (page: Page, id: string) =>
  page.evaluate((target) => {
    const box = document.getElementById(target)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
  }, id);

describe("the integrations overview", () => {
  it("opens at the anchor it is linked to, and its jump links move between the three parts", async () => {
    const { page } = await open({ width: 1280, height: 700 });
    await openIntegrations(page, "admin", "#automation");
    for (const id of ["punchout", "connectors", "automation"]) expect(await page.locator(`#${id}`).count()).toBe(1);
    await expect.poll(() => inViewport(page, "automation")).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const jump = page.getByRole("navigation", { name: "On this page" });
    expect(await jump.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/app/integrations#punchout",
      "/app/integrations#connectors",
      "/app/integrations#automation",
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await jump.getByRole("link", { name: "Connectors" }).click();
    await page.waitForURL(`${product.url}/app/integrations#connectors`);
    await expect.poll(() => inViewport(page, "connectors")).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("connectors");

    await page.goto(`${product.url}/app/integrations#punchout`);
    await page.getByRole("heading", { name: "PunchOut hub" }).waitFor();
    await expect.poll(() => inViewport(page, "punchout")).toBe(true);
  });

  it("shows the sample PunchOut suppliers, the connectors with their cadences and recorded states, the 90-day notice, and tells finance who manages webhooks", async () => {
    const { page } = await open();
    await openIntegrations(page, "finance");
    const punchout = page.locator("#punchout");
    await punchout.getByText("PunchOut transaction logs are archived for 90 days.").waitFor();
    expect(await punchout.getByTestId("punchout-supplier").count()).toBeGreaterThan(0);
    expect(await page.getByText("Sample content").count()).toBeGreaterThanOrEqual(1);

    const cadences = await page.locator("#connectors .int-cadence").allTextContents();
    expect(new Set(cadences)).toEqual(new Set(["real-time", "every 30 min", "nightly"]));
    // The connectors' states are the workspace's, as the dashboard's integrations card states them.
    await expect.poll(() => page.locator('#connectors [data-connector="erp-sync"] .badge').textContent()).toBe("planned");
    // Each connector's row is drawn as one line: its name cell's border meets the rest of the row's.
    const connectorRows = await cellEdgeSpread(page, `[data-testid="connector-row"]`);
    expect(connectorRows.rows).toBe(cadences.length);
    expect(connectorRows.spread).toBeLessThan(0.25);
    await page.getByRole("heading", { name: "Integration toolkit" }).waitFor();
    await page.getByRole("heading", { name: "Launch playbook" }).waitFor();

    const webhooks = page.getByTestId("webhook-endpoints");
    await webhooks.getByText("Webhook endpoints and their delivery logs are managed by admins.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "New endpoint" }).count()).toBe(0);
  });

  it("is kept from roles that may not see it", async () => {
    const { page } = await open();
    await signIn(page, product.url, emailOf("buyer"));
    await page.goto(`${product.url}/app/integrations#punchout`);
    await page.waitForURL(`${product.url}/app`);
  });
});

describe("the live event feed panel", () => {
  it("shows the relay and projection state from /api/health and reads it again on its own", async () => {
    const { page } = await open();
    const reads: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/health") reads.push(Date.now());
    });
    await openIntegrations(page, "admin", "#automation");
    await expect.poll(() => feedState(page), { timeout: 15_000 }).toMatch(/^(Live|Catching up)$/);
    expect(await feedParts(page)).toEqual(["Event relay", "Read models", "Database", "Event bus"]);
    const relay = feedPart(page, "Event relay").locator("strong");
    await expect.poll(() => relay.textContent()).toMatch(/^(Up to date|Running|\d[\d,]* events? to publish)$/);
    const projections = feedPart(page, "Read models").locator("strong");
    await expect.poll(() => projections.textContent()).toMatch(/^(Up to date|\d[\d,]* events? behind)$/);
    // With the page left alone, the panel asks again on its own beat: once the first screen's reads have been quiet
    // for a second, the next read is the panel's own, ten seconds after the last. The test hears of each request a
    // few milliseconds late, unevenly, hence the margin.
    await expect.poll(() => Date.now() - (reads.at(-1) ?? 0), { interval: 200 }).toBeGreaterThan(1_000);
    const previous = reads.at(-1)!;
    const before = reads.length;
    await expect.poll(() => reads.length, { timeout: 25_000, interval: 1_000 }).toBeGreaterThan(before);
    expect(reads[before]! - previous).toBeGreaterThanOrEqual(9_900);
  });

  it("says so when health cannot be read, shows a degraded report, and recovers", async () => {
    const { page } = await open();
    await openIntegrations(page, "admin", "#automation");
    await expect.poll(() => feedState(page)).toMatch(/^(Live|Catching up)$/);

    await page.route("**/api/health", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Check now" }).click();
    const alert = page.getByTestId("feed-health").getByRole("alert");
    await alert.getByText("Feed health cannot be read right now", { exact: false }).waitFor({ timeout: 15_000 });
    await alert.getByText("last successful reading", { exact: false }).waitFor();

    await page.unroute("**/api/health");
    const degraded = {
      status: "degraded",
      postgres: { ok: true },
      nats: { ok: false, kind: "nats" },
      projections: { ok: true, lag: { head: { tx: "9", pos: "40" }, projected: { tx: "9", pos: "33" }, behind: 7 }, error: null },
      relay: { ok: false, error: "NATS connection closed", behind: 12 },
    };
    await page.route("**/api/health", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify(degraded) }));
    await page.getByRole("button", { name: "Check now" }).click();
    await expect.poll(() => feedState(page)).toBe("Degraded");
    await feedPart(page, "Event relay").getByText("NATS connection closed").waitFor();
    await feedPart(page, "Read models").getByText("7 events behind").waitFor();
    expect(await alert.count()).toBe(0);

    await page.unroute("**/api/health");
    await page.getByRole("button", { name: "Check now" }).click();
    await expect.poll(() => feedState(page)).toMatch(/^(Live|Catching up)$/);
  });
});

describe("the screen in both themes", () => {
  for (const width of shotWidths) {
    it(`has no serious accessibility violation and no horizontal scroll at ${width} px`, async () => {
      const { page } = await open({ width, height: 900 });
      await openIntegrations(page);
      for (const theme of themes) {
        await reloadInTheme(page, theme, () => expect.poll(() => feedState(page), { timeout: 15_000 }).toMatch(/^(Live|Catching up)$/));
        await screenshotPage(page, `integrations-${theme}-${width}`, 1400);
        await expectNoSeriousViolations(page, ".integrations-page", `${theme} ${width}px`);
        await expectNoHorizontalScroll(page);
      }
    });
  }
});
