import { describe, expect, it } from "vitest";
import { purchaseOrder, type PurchaseOrder } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { holdRoute } from "./support/held-route";
import { screenshotPage } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("order-page");
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** An issued order of 6 lamps at $40, straight through the API: the buyer's inbox now holds it to receive. */
async function issuedLamps(vendorName: string): Promise<PurchaseOrder> {
  const token = await tokenFor(product.url, emailOf("buyer"));
  const body = { vendor_name: vendorName, status: "issued", lines: [{ description: "Desk lamp", quantity: 6, unit_price: 40 }] };
  const created = await callApi(product.url, "POST", "/api/orders", token, body);
  expect(created.status).toBe(201);
  return purchaseOrder.parse(created.json);
}

describe("an order's own page", () => {
  for (const width of [1280, 390]) {
    it(`opens from the inbox item about the order, shows its lines and history, and receives by keyboard, at ${width} px`, async () => {
      const vendor = `Lamp House ${stamp()}`;
      const order = await issuedLamps(vendor);
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("buyer"));

      await page.getByRole("button", { name: /^Inbox/ }).click();
      const panel = page.getByRole("dialog", { name: "Workspace inbox" });
      const item = panel.getByTestId("inbox-item").filter({ hasText: order.po_number });
      await item.waitFor({ timeout: 15_000 });
      await expect(item.getAttribute("href")).resolves.toBe(`/app/purchase-orders/${order.id}`);
      await item.click();
      await page.waitForURL(`**/app/purchase-orders/${order.id}`);

      const header = page.getByRole("region", { name: order.po_number });
      await header.getByText(vendor).waitFor();
      await expect(header.locator(".badge").textContent()).resolves.toBe("issued");
      await page.getByTestId("po-status-note").getByText("Awaiting delivery: record a receipt as goods arrive.").waitFor();
      const lamp = page.getByTestId("po-line").filter({ hasText: "Desk lamp" });
      await expect(lamp.locator('[data-label="Ordered"]').textContent()).resolves.toBe("6");
      await expect(lamp.locator('[data-label="Open"]').textContent()).resolves.toBe("6");
      await page.getByText("Nothing received yet.").waitFor();
      await expect.poll(() => page.getByTestId("po-history-entry").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // Buyers do not read invoices: the section is not there for them.
      await expect(page.getByRole("region", { name: "Invoices" }).count()).resolves.toBe(0);

      // The Edit drawer offers the statuses a person picks, and points nowhere it already is.
      await header.getByRole("button", { name: "Edit" }).click();
      const drawer = page.getByRole("dialog", { name: `Edit ${order.po_number}` });
      await expect(drawer.getByLabel("Status").locator("option").allTextContents()).resolves.toEqual(["Draft", "Issued", "Cancelled"]);
      await expect(drawer.getByRole("link", { name: `Open ${order.po_number}` }).count()).resolves.toBe(0);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      await expect.poll(() => header.getByRole("button", { name: "Edit" }).evaluate((el) => el === document.activeElement)).toBe(true);

      // Everything on the page is reached with the keyboard: Tab from the Edit button lands on "Receive goods" in turn.
      const receive = page.getByRole("button", { name: "Receive goods" });
      for (let step = 0; step < 10 && !(await receive.evaluate((el) => el === document.activeElement)); step++) await page.keyboard.press("Tab");
      await expect.poll(() => receive.evaluate((el) => el === document.activeElement)).toBe(true);
      // Enter opens the form with everything open filled in and the focus on it; Enter again records the receipt.
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByLabel("Desk lamp").evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await page.getByText("Receipt recorded").first().waitFor();
      await expect.poll(() => header.locator(".badge").textContent(), { timeout: 15_000 }).toBe("received");
      await page.getByTestId("po-status-note").getByText("Every line received; set by the receipts.").waitFor();

      await screenshotPage(page, `order-page-${width}`, width < 600 ? 1000 : 1600);
      await expectNoSeriousViolations(page, ".po-order-page", `order page ${width}px`);
      // The toasts slide in from beyond the edge; the page itself must not scroll sideways once they are gone.
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await expectNoHorizontalScroll(page);
    });
  }

  it("shows its loading state, says when an order does not exist, and offers a retry when loading fails", async () => {
    const order = await issuedLamps(`Retry Lamps ${stamp()}`);
    const { page } = await product.open({ width: 390, height: 900 });
    await signIn(page, product.url, emailOf("finance"));

    const held = await holdRoute(page, `**/api/orders/${order.id}`);
    await page.goto(`${product.url}/app/purchase-orders/${order.id}`);
    await page.getByText("Loading the order…").waitFor();
    await held.release();
    await page.getByRole("region", { name: order.po_number }).waitFor();
    // Finance reads invoices: the order's section says there are none yet and offers to record one.
    const invoices = page.getByRole("region", { name: "Invoices" });
    await invoices.getByText("No invoices on this order yet.").waitFor();

    await page.goto(`${product.url}/app/purchase-orders/00000000-0000-4000-8000-000000000000`);
    await page.getByText("This purchase order does not exist or was deleted.").waitFor();
    await page.getByRole("link", { name: "Back to purchase orders" }).waitFor();

    const failure = JSON.stringify({ error: { code: "internal_error", message: "Order register unavailable" } });
    await page.route(`**/api/orders/${order.id}`, (route) => route.fulfill({ status: 503, contentType: "application/json", body: failure }));
    await page.goto(`${product.url}/app/purchase-orders/${order.id}`);
    await page.getByText("The order could not be loaded: Order register unavailable").waitFor({ timeout: 20_000 });
    await expectNoSeriousViolations(page, ".po-order-page", "order page error 390px");
    await page.unroute(`**/api/orders/${order.id}`);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("region", { name: order.po_number }).waitFor();
  });
});
