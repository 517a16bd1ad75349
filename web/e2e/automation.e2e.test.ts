import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createdWebhookEndpoint, purchaseRequest, type Role } from "@procure/contracts";
import { startReceiver, until } from "@procure/infra/testing/webhook-receiver";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { markPage, signIn, wasReloaded } from "./support/browser";
import { screenshotPage, shotWidths } from "./support/screenshots";
import { useProduct } from "./support/suite";
import { reloadInTheme, themes } from "./support/theme";

const product = useProduct("automation", { env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true", WEBHOOKS_RETRY_SCHEDULE_MS: "0,500,500" } });
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const token = (role: Role) => tokenFor(product.url, emailOf(role));

async function openAutomation(page: Page, role: Role = "admin") {
  await signIn(page, product.url, emailOf(role));
  await page.goto(`${product.url}/app/integrations#automation`);
  await page.getByRole("heading", { name: "Automation" }).waitFor();
}

const endpointCard = (page: Page, url: string) => page.getByTestId("webhook-endpoint").filter({ hasText: url });

async function createRequest(title: string) {
  const { status, json } = await callApi(product.url, "POST", "/api/requests", await token("requester"), { title, amount: 420 });
  expect(status).toBe(201);
  return purchaseRequest.parse(json);
}

describe("webhook endpoints on the automation screen", () => {
  it("an admin creates an endpoint, sees its secret once, and the receiver gets what it subscribed to, signed with it", async () => {
    const { page, context } = await product.open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: product.url });
    await openAutomation(page);
    await page.getByText("No webhook endpoints yet.").waitFor();

    await page.getByRole("button", { name: "New endpoint" }).click();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description").fill("ERP sync");
    await page.getByLabel("All events").uncheck();
    await page.getByLabel("request.created").check();
    await page.getByRole("button", { name: "Create endpoint" }).click();

    const shown = page.getByTestId("webhook-secret");
    const secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole("button", { name: "Done" }).click();
    expect(await shown.count()).toBe(0);

    const card = endpointCard(page, receiver.url);
    await card.getByText("Enabled").waitFor();
    await card.getByText("request.created").waitFor();
    await page.reload();
    await card.waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    const created = await createRequest("Webhook-observed laptop");
    const delivered = await until(
      () => receiver.received.find((r) => r.payload.type === "request.created" && r.payload.data.request_id === created.id),
      15_000,
      "request.created",
    );
    expect(receiver.verifies(delivered, secret)).toBe(true);
    expect(delivered.payload.data).toMatchObject({ request_id: created.id, title: "Webhook-observed laptop" });

    // Not subscribed: an approval must not reach this endpoint, while the test event that follows it does.
    const approval = await callApi(product.url, "PATCH", `/api/requests/${created.id}`, await token("approver"), { status: "approved" });
    expect(approval.status).toBe(200);
    await card.getByRole("button", { name: "Send test event" }).click();
    const test = await until(() => receiver.received.find((r) => r.payload.type === "webhook.test"), 15_000, "the test event");
    expect(receiver.verifies(test, secret)).toBe(true);
    expect(receiver.received.map((r) => r.payload.type)).not.toContain("request.approved");

    await card.getByRole("button", { name: "Delivery log" }).click();
    const log = card.getByRole("table", { name: "Delivery log" });
    const row = (type: string) => log.locator("tbody tr").filter({ hasText: type });
    await expect.poll(() => row("request.created").locator("td").nth(1).textContent(), { timeout: 15_000 }).toBe("delivered");
    await expect.poll(() => row("webhook.test").locator("td").nth(1).textContent(), { timeout: 15_000 }).toBe("delivered");
    await row("webhook.test").getByText("(test)").waitFor();
    expect(await row("request.created").locator("td").nth(3).textContent()).toMatch(/^204 · \d+ ms/);
  });

  it("a rotated secret is shown once, and deliveries are signed with the new and the previous secret", async () => {
    const { page } = await product.open();
    await openAutomation(page);
    const card = endpointCard(page, receiver.url);
    await card.getByRole("button", { name: "Rotate secret" }).click();
    const next = (await page.getByTestId("webhook-secret").textContent())!.trim();
    await page.getByText("the previous one keeps signing for 24 hours", { exact: false }).waitFor();
    const before = receiver.received.length;
    await card.getByRole("button", { name: "Send test event" }).click();
    const signed = await until(() => receiver.received.slice(before).find((r) => r.payload.type === "webhook.test"), 15_000, "a test event");
    expect(receiver.verifies(signed, next)).toBe(true);
    expect(signed.signature.split(" ")).toHaveLength(2);
  });

  it("an endpoint whose receiver answers 410 is disabled, and the open screen says why without a reload", async () => {
    const gone = await startReceiver(() => ({ status: 410 }));
    try {
      const admin = await token("admin");
      const { status, json } = await callApi(product.url, "POST", "/api/webhooks", admin, { url: gone.url, event_types: ["*"] });
      expect(status).toBe(201);
      const endpoint = createdWebhookEndpoint.parse(json);
      const { page } = await product.open();
      await openAutomation(page);
      const card = endpointCard(page, gone.url);
      await card.getByText("Enabled").waitFor();
      await markPage(page);

      await card.getByRole("button", { name: "Send test event" }).click();
      await card.getByText("Disabled: The receiver answered 410 Gone.").waitFor({ timeout: 15_000 });
      expect(await card.getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);
      expect(await wasReloaded(page)).toBe(false);
      expect(gone.received).toHaveLength(1);

      await card.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alertdialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => card.count()).toBe(0);
      expect((await callApi(product.url, "GET", `/api/webhooks/${endpoint.id}`, admin)).status).toBe(404);
    } finally {
      await gone.close();
    }
  });
});

describe("auditing from the automation screen and the request timeline", () => {
  it("finance exports every timeline of a date range, sees no endpoint controls, and the API refuses it endpoints", async () => {
    await createRequest("Audited from the export");
    const { page } = await product.open();
    await openAutomation(page, "finance");
    await page.getByText("Webhook endpoints and their delivery logs are managed by admins.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "New endpoint" }).count()).toBe(0);
    expect((await callApi(product.url, "GET", "/api/webhooks", await token("finance"))).status).toBe(403);

    const exported = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export timelines" }).click();
    const download = await exported;
    expect(download.suggestedFilename()).toMatch(/^request-audit-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    const [header, ...lines] = text.trim().split("\n");
    expect(header!.split(",")).toEqual(expect.arrayContaining(["actor", "action", "event_id", "hash"]));
    expect(lines.some((line) => line.includes("Audited from the export"))).toBe(true);

    await page.getByLabel("From", { exact: true }).fill("2026-12-31");
    await page.getByLabel("To", { exact: true }).fill("2026-01-01");
    await page.getByRole("button", { name: "Export timelines" }).click();
    await page.getByTestId("audit-export").getByRole("alert").getByText("The start date must not be after the end date.").waitFor();
  });

  it("the request timeline shows that its history verifies, and exports it", async () => {
    const created = await createRequest("Timeline with a verified chain");
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("requester"));
    await page.goto(`${product.url}/app/requests/${created.id}`);
    await page.getByRole("tab", { name: "Timeline" }).click();
    const mark = page.getByTestId("timeline-verification");
    await mark.getByText("Verified").waitFor();
    const exported = page.waitForEvent("download");
    await mark.getByRole("button", { name: "Export CSV" }).click();
    const download = await exported;
    expect(download.suggestedFilename()).toBe(`request-${created.id}-audit.csv`);
    expect(readFileSync((await download.path())!, "utf8")).toContain("Timeline with a verified chain");
  });
});

describe("the automation screen in both themes", () => {
  for (const width of shotWidths) {
    it(`has no serious accessibility violation and no horizontal scroll at ${width} px, with an endpoint's log open`, async () => {
      // Its own endpoint with one delivery, so the screen is checked as an admin usually sees it.
      const url = `${receiver.url}?screen=${width}`;
      const admin = await token("admin");
      const created = await callApi(product.url, "POST", "/api/webhooks", admin, { url, description: "Screen check", event_types: ["*"] });
      expect(created.status).toBe(201);
      const { id } = createdWebhookEndpoint.parse(created.json);
      expect((await callApi(product.url, "POST", `/api/webhooks/${id}/test`, admin)).status).toBe(202);
      const { page } = await product.open({ width, height: 900 });
      await openAutomation(page);
      for (const theme of themes) {
        await reloadInTheme(page, theme, () => endpointCard(page, url).waitFor());
        const card = endpointCard(page, url);
        await card.getByRole("button", { name: "Delivery log" }).click();
        await card.getByRole("table", { name: "Delivery log" }).waitFor();
        await page.locator("#automation").scrollIntoViewIfNeeded();
        await screenshotPage(page, `automation-${theme}-${width}`, 1400);
        await expectNoSeriousViolations(page, "#automation", `${theme} ${width}px`);
        await expectNoHorizontalScroll(page);
      }
    });
  }
});
