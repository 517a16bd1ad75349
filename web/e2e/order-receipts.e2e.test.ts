import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { emailOf } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("order-receipts");
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function fillLine(drawer: Locator, n: number, description: string, quantity: string, unitPrice: string) {
  const line = drawer.getByRole("group", { name: `Line ${n}` });
  await line.getByLabel("Description").fill(description);
  await line.getByLabel("Quantity").fill(quantity);
  await line.getByLabel("Unit price (USD)").fill(unitPrice);
}

/** A buyer raises an issued order of a desk (3 at $120) and cable (2.5 m at $4) through the drawer. */
async function raiseOrder(page: Page, vendor: string) {
  await page.getByRole("button", { name: "New PO" }).click();
  const drawer = page.getByRole("dialog", { name: "New purchase order" });
  await drawer.getByLabel("Vendor name").fill(vendor);
  await drawer.getByLabel("Status").selectOption("issued");
  await drawer.getByRole("button", { name: "Add line" }).click();
  await fillLine(drawer, 1, "Standing desk", "3", "120");
  await drawer.getByRole("button", { name: "Add line" }).click();
  await fillLine(drawer, 2, "Cable (m)", "2.5", "4");
  await expect.poll(() => drawer.locator(".po-total-output").textContent()).toBe("$370.00");
  await drawer.getByRole("button", { name: "Create PO" }).click();
  await page.getByText("Purchase order created").first().waitFor();
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
}

describe("receiving goods against an order's lines", () => {
  for (const width of [1280, 390]) {
    it(`records a partial then a full receipt from the drawer, at ${width} px`, async () => {
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("buyer"));
      await page.goto(`${product.url}/app/purchase-orders`);
      await page.getByTestId("po-row").first().waitFor();
      const vendor = `Dock Supplies ${stamp()}`;
      await raiseOrder(page, vendor);

      const row = page.getByTestId("po-row").filter({ hasText: vendor });
      await row.getByRole("button", { name: /^Edit / }).click();
      const drawer = page.getByRole("dialog", { name: /^Edit / });
      await drawer.getByText("Nothing received yet.").waitFor();
      await drawer.getByRole("button", { name: "Receive", exact: true }).click();
      const form = drawer.getByRole("form", { name: "Receive goods" });
      // Everything open is offered; one desk came, the cable did not.
      await expect(form.getByLabel("Standing desk").inputValue()).resolves.toBe("3");
      await form.getByLabel("Standing desk").fill("1");
      await form.getByLabel("Cable (m)").fill("0");
      await form.getByLabel("Note").fill("Two desks backordered");
      await expectNoSeriousViolations(page, ".drawer", `receive form ${width}px`);
      await form.getByRole("button", { name: "Record receipt" }).click();
      await page.getByText("Receipt recorded").first().waitFor();
      await drawer.getByTestId("po-receipt").filter({ hasText: "1 × Standing desk" }).waitFor();
      await expect.poll(() => row.locator(".badge").textContent(), { timeout: 15_000 }).toBe("receiving");
      await expect.poll(() => drawer.getByLabel("Status").inputValue()).toBe("receiving");
      // The status follows the goods now: only cancelling is left to pick by hand.
      await expect(drawer.getByRole("option", { name: "Issued" }).isDisabled()).resolves.toBe(true);
      await drawer.getByRole("group", { name: "Line 1" }).getByText("1 received").waitFor();

      await screenshotView(page, `order-receipts-drawer-${width}`);
      await expectNoSeriousViolations(page, ".drawer", `receipts ${width}px`);
      await expectNoHorizontalScroll(page);

      await drawer.getByRole("button", { name: "Receive", exact: true }).click();
      await expect(form.getByLabel("Standing desk").inputValue()).resolves.toBe("2");
      await form.getByRole("button", { name: "Record receipt" }).click();
      await expect.poll(() => drawer.getByTestId("po-receipt").count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => row.locator(".badge").textContent(), { timeout: 15_000 }).toBe("received");
      await expect.poll(() => drawer.getByRole("button", { name: "Receive", exact: true }).count()).toBe(0);
      await screenshotView(page, `order-receipts-received-${width}`);
    });
  }
});
