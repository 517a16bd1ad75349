import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { deleteOrderConfirmation, totalMessage, vendorNameMessage, type Role } from "@procure/contracts";
import { emailOf } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations, seriousViolations } from "./support/audit";
import { markPage, signIn, wasReloaded } from "./support/browser";
import { screenshotPage, screenshotView, shotWidths } from "./support/screenshots";
import { useProduct } from "./support/suite";
import { reloadInTheme, themes } from "./support/theme";
import { holdRoute } from "./support/held-route";

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A calendar day relative to today, in the browser's (and this machine's) time zone. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const product = useProduct("purchase-orders");
const open = product.open;

async function openOrders(page: Page, role: Role) {
  await signIn(page, product.url, emailOf(role));
  await page.goto(`${product.url}/app/purchase-orders`);
  await page.getByRole("button", { name: "New PO" }).waitFor();
  await page.getByTestId("po-row").first().waitFor();
}

/** The final figure of a KPI card (the animated one is hidden from assistive technology). */
async function kpi(page: Page, label: string): Promise<number> {
  const text = await page.getByTestId("po-kpis").locator(".kpi").filter({ hasText: label }).locator(".kpi-value .visually-hidden").textContent();
  return Number((text ?? "").replace(/[^0-9.]/g, ""));
}

const rowFor = (page: Page, text: string) => page.getByTestId("po-row").filter({ hasText: text });

async function createOrder(page: Page, vendor: string, total: string) {
  await page.getByRole("button", { name: "New PO" }).click();
  const drawer = page.getByRole("dialog", { name: "New purchase order" });
  await drawer.getByLabel("Vendor name").fill(vendor);
  await drawer.getByLabel("Total (USD)").fill(total);
  await drawer.getByRole("button", { name: "Create PO" }).click();
  await page.getByText("Purchase order created").first().waitFor();
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
}

describe("an order's life on the purchase orders screen", () => {
  it("an admin fixes an invalid total, creates the order, makes it overdue, then deletes it after the confirmation", async () => {
    const { page } = await open();
    await openOrders(page, "admin");
    const vendor = `Harbor Tools ${stamp()}`;
    const overdueBefore = await kpi(page, "Overdue deliveries");
    const totalBefore = await kpi(page, "Total purchase orders");

    const opener = page.getByRole("button", { name: "New PO" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "New purchase order" });
    await drawer.getByRole("button", { name: "Create PO" }).click();
    await drawer.getByText(vendorNameMessage).waitFor();
    await drawer.getByLabel("Vendor name").fill(vendor);
    await drawer.getByLabel("Total (USD)").fill("-12");
    await drawer.getByRole("button", { name: "Create PO" }).click();
    await drawer.getByText(totalMessage).waitFor();
    expect(totalMessage).toBe("Enter a valid total amount");
    await expect(drawer.getByLabel("Total (USD)").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(drawer.getByText(vendorNameMessage).count()).resolves.toBe(0);

    await drawer.getByLabel("Total (USD)").fill("1250.75");
    // The server's refusal lands on the field it is about.
    const taken = (await page.getByTestId("po-row").last().locator(".po-number-cell").textContent())!.trim();
    await drawer.getByLabel("PO number").fill(taken);
    await drawer.getByRole("button", { name: "Create PO" }).click();
    await drawer.getByText(`PO number ${taken} is already in use.`).waitFor();
    await expect(drawer.getByLabel("PO number").getAttribute("aria-invalid")).resolves.toBe("true");
    await page.getByText("Save failed").first().waitFor();
    await drawer.getByLabel("PO number").fill("");
    await drawer.getByRole("button", { name: "Create PO" }).click();
    await page.getByText("Purchase order created").first().waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    const row = rowFor(page, vendor);
    await row.waitFor();
    await expect(row.locator(".badge").textContent()).resolves.toBe("draft");
    await expect(row.getByText("$1,250.75").count()).resolves.toBe(1);
    await expect.poll(() => kpi(page, "Total purchase orders"), { timeout: 15_000 }).toBe(totalBefore + 1);

    await row.getByRole("button", { name: /^Edit / }).click();
    const edit = page.getByRole("dialog", { name: /^Edit / });
    // Receiving and received are left to receipts: the form offers only what a person picks.
    await expect(edit.getByLabel("Status").locator("option").allTextContents()).resolves.toEqual(["Draft", "Issued", "Cancelled"]);
    await edit.getByLabel("Status").selectOption("issued");
    await edit.getByLabel("Expected date").fill(day(-3));
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Purchase order updated").first().waitFor();
    await expect.poll(() => row.locator(".badge").textContent()).toBe("issued");
    await expect.poll(() => row.locator(".po-due").textContent()).toBe("overdue by 3 days");
    await expect(row.locator(".po-due-overdue").count()).resolves.toBe(1);
    await expect.poll(() => kpi(page, "Overdue deliveries"), { timeout: 15_000 }).toBe(overdueBefore + 1);

    // The box follows the address, which the router updates a moment after the click.
    await page.getByLabel("Overdue only").click();
    await expect.poll(() => page.getByLabel("Overdue only").isChecked()).toBe(true);
    const dues = () => page.getByTestId("po-row").locator(".po-updated").allTextContents();
    await expect.poll(async () => (await dues()).every((d) => d.includes("overdue by"))).toBe(true);
    await row.waitFor();

    // Dismissing the browser confirmation keeps the order.
    await row.getByRole("button", { name: /^Edit / }).click();
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page
      .getByRole("dialog", { name: /^Edit / })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await page
      .getByRole("dialog", { name: /^Edit / })
      .getByRole("button", { name: "Save changes" })
      .waitFor();

    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page
      .getByRole("dialog", { name: /^Edit / })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await page.getByText("Purchase order deleted").first().waitFor();
    expect(asked).toBe(deleteOrderConfirmation);
    expect(asked).toBe("Delete this purchase order?");
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => kpi(page, "Overdue deliveries"), { timeout: 15_000 }).toBe(overdueBefore);
    await expect.poll(() => kpi(page, "Total purchase orders"), { timeout: 15_000 }).toBe(totalBefore);
    // The row's Edit button is gone, so focus lands on New PO rather than on nothing.
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("filters by search, status chip and Reset filters; shows both empty states, the placeholders and the load failure", async () => {
    const { page } = await open();
    await openOrders(page, "buyer");

    await page.getByRole("searchbox", { name: "Search purchase orders" }).fill(`no such order ${stamp()}`);
    await page.getByText("No purchase orders match your filters.").waitFor();
    await page.getByRole("button", { name: "Reset filters" }).first().click();
    await page.getByTestId("po-row").first().waitFor();
    await expect(page.getByRole("searchbox", { name: "Search purchase orders" }).inputValue()).resolves.toBe("");

    await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Cancelled" }).click();
    await expect.poll(async () => [...new Set(await page.getByTestId("po-row").locator(".badge").allTextContents())]).toEqual(["cancelled"]);
    await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "All" }).click();

    const slowOrders = await holdRoute(page, "**/api/orders?**");
    await page.reload();
    await expect.poll(() => page.getByTestId("skeleton-row").count()).toBe(5);
    await slowOrders.release();
    await page.getByTestId("po-row").first().waitFor();

    await page.route("**/api/orders?**", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "[]" }));
    await page.reload();
    await page.getByText("No purchase orders yet.").waitFor();
    await page.unroute("**/api/orders?**");

    const failure = JSON.stringify({ error: { code: "internal_error", message: "Order register unavailable" } });
    await page.route("**/api/orders?**", (route) => route.fulfill({ status: 503, contentType: "application/json", body: failure }));
    await page.reload();
    await page.getByText("Failed to load purchase orders: Order register unavailable").waitFor({ timeout: 20_000 });
    await page.unroute("**/api/orders?**");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByTestId("po-row").first().waitFor();
  });
});

describe("the vendor picker", () => {
  it("fills the vendor name, warns about a blocked vendor and shows the refusal on the vendor field", async () => {
    const { page } = await open();
    await openOrders(page, "buyer");
    await page.getByRole("button", { name: "New PO" }).click();
    const drawer = page.getByRole("dialog", { name: "New purchase order" });
    await drawer.getByLabel("Vendor", { exact: true }).selectOption({ label: "Northwind Office Supply" });
    await expect(drawer.getByLabel("Vendor name").inputValue()).resolves.toBe("Northwind Office Supply");

    await drawer.getByLabel("Vendor", { exact: true }).selectOption({ label: "Tailspin Travel (blocked)" });
    await expect(drawer.getByLabel("Vendor name").inputValue()).resolves.toBe("Tailspin Travel");
    await drawer.getByText("This vendor is blocked: new orders for it are refused.").waitFor();
    await drawer.getByLabel("Total (USD)").fill("99");
    await drawer.getByRole("button", { name: "Create PO" }).click();
    await drawer.getByText(/Tailspin Travel is blocked/).waitFor();
    await expect(drawer.getByLabel("Vendor", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });
});

describe("the figures, live", () => {
  it("change in a second browser when an order is saved", async () => {
    const buyer = await open();
    const finance = await open();
    await openOrders(buyer.page, "buyer");
    await openOrders(finance.page, "finance");
    const before = await kpi(finance.page, "Total purchase orders");
    const openBefore = await kpi(finance.page, "Open orders");
    await markPage(finance.page);
    // The dashboard in a third browser counts the same order.
    const admin = await open();
    await signIn(admin.page, product.url, emailOf("admin"));
    const dashboardOpen = async () =>
      Number(
        (await admin.page.locator(".kpi").filter({ hasText: "Open purchase orders" }).locator(".kpi-value .visually-hidden").textContent())?.replace(
          /\D/g,
          "",
        ) ?? NaN,
      );
    await expect.poll(dashboardOpen).toBeGreaterThanOrEqual(0);
    const dashboardBefore = await dashboardOpen();
    await markPage(admin.page);

    const vendor = `Live Supplies ${stamp()}`;
    await createOrder(buyer.page, vendor, "310");

    await expect.poll(() => kpi(finance.page, "Total purchase orders"), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => kpi(finance.page, "Open orders"), { timeout: 15_000 }).toBe(openBefore + 1);
    await rowFor(finance.page, vendor).waitFor({ timeout: 15_000 });
    expect(await wasReloaded(finance.page)).toBe(false);
    await expect.poll(dashboardOpen, { timeout: 15_000 }).toBe(dashboardBefore + 1);
    expect(await wasReloaded(admin.page)).toBe(false);
  });
});

describe("the screen in both themes", () => {
  for (const width of shotWidths) {
    it(`has no serious accessibility violation and no horizontal scroll at ${width} px`, async () => {
      const { page } = await open({ width, height: 900 });
      await openOrders(page, "admin");
      for (const theme of themes) {
        await reloadInTheme(page, theme, () => page.getByTestId("po-row").first().waitFor());
        await page.getByRole("img", { name: /Purchase orders per status group/ }).waitFor();
        await screenshotPage(page, `purchase-orders-${theme}-${width}`, width < 600 ? 1000 : 1600);
        await expectNoSeriousViolations(page, ".po-page", `${theme} ${width}px`);
        await expectNoHorizontalScroll(page);

        const opener = page.getByRole("button", { name: /^Edit / }).first();
        await opener.click();
        const drawer = page.getByRole("dialog", { name: /^Edit / });
        await drawer.getByRole("button", { name: "Save changes" }).waitFor();
        await screenshotView(page, `purchase-orders-drawer-${theme}-${width}`);
        expect((await seriousViolations(page, ".drawer")).screen).toEqual([]);
        await page.keyboard.press("Escape");
        await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
        await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
      }
    });
  }
});
