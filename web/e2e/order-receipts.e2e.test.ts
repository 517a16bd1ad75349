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

describe("receiving goods against an order's lines, on the order's page", () => {
  for (const width of [1280, 390]) {
    it(`opens the order from its PO number, records a partial then a full receipt there, and the status follows, at ${width} px`, async () => {
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("buyer"));
      await page.goto(`${product.url}/app/purchase-orders`);
      await page.getByTestId("po-row").first().waitFor();
      const vendor = `Dock Supplies ${stamp()}`;
      await raiseOrder(page, vendor);

      const row = page.getByTestId("po-row").filter({ hasText: vendor });
      const poNumber = (await row.locator(".po-number-cell").textContent())!.trim();
      await row.getByRole("link", { name: poNumber }).click();
      await page.waitForURL(/\/app\/purchase-orders\/[0-9a-f-]{36}$/);
      const header = page.getByRole("region", { name: poNumber });
      await expect.poll(() => header.locator(".badge").textContent()).toBe("issued");
      await page.getByText("Nothing received yet.").waitFor();
      const desk = page.getByTestId("po-line").filter({ hasText: "Standing desk" });
      await expect(desk.locator('[data-label="Open"]').textContent()).resolves.toBe("3");

      const receive = page.getByRole("button", { name: "Receive goods" });
      await receive.click();
      const form = page.getByRole("form", { name: "Receive goods" });
      // Everything open is offered, and the first quantity takes the focus; one desk came, the cable did not.
      await expect.poll(() => form.getByLabel("Standing desk").evaluate((el) => el === document.activeElement)).toBe(true);
      await expect(form.getByLabel("Standing desk").inputValue()).resolves.toBe("3");
      await form.getByLabel("Standing desk").fill("1");
      await form.getByLabel("Cable (m)").fill("0");
      await form.getByLabel("Note").fill("Two desks backordered");
      // One Cancel, beside the button that records the receipt, both in view.
      await expect(form.getByRole("button", { name: "Cancel" }).count()).resolves.toBe(1);
      await form.getByRole("button", { name: "Record receipt" }).scrollIntoViewIfNeeded();
      expect(await form.getByRole("button", { name: "Record receipt" }).isVisible()).toBe(true);
      await expectNoSeriousViolations(page, ".po-order-page", `receive form ${width}px`);
      await form.getByRole("button", { name: "Record receipt" }).click();
      await page.getByText("Receipt recorded").first().waitFor();
      await page.getByTestId("po-receipt").filter({ hasText: "1 × Standing desk" }).waitFor();
      await expect.poll(() => header.locator(".badge").textContent(), { timeout: 15_000 }).toBe("receiving");
      await expect.poll(() => desk.locator('[data-label="Received"]').textContent()).toBe("1");
      await expect.poll(() => desk.locator('[data-label="Open"]').textContent()).toBe("2");
      await expect.poll(() => receive.evaluate((el) => el === document.activeElement)).toBe(true);

      // The status follows the goods now: the form shows it and leaves only cancelling to pick.
      await header.getByRole("button", { name: "Edit" }).click();
      const drawer = page.getByRole("dialog", { name: `Edit ${poNumber}` });
      await expect.poll(() => drawer.getByLabel("Status").textContent()).toBe("Receiving");
      await expect(drawer.getByRole("combobox", { name: "Status" }).count()).resolves.toBe(0);
      await drawer.getByRole("checkbox", { name: "Cancel this order" }).waitFor();
      await expect(drawer.getByRole("button", { name: "Receive goods" }).count()).resolves.toBe(0);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      await screenshotView(page, `order-receipts-page-${width}`);
      await expectNoSeriousViolations(page, ".po-order-page", `receipts ${width}px`);
      // The toasts slide in from beyond the edge; the page itself must not scroll sideways once they are gone.
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await expectNoHorizontalScroll(page);

      // Escape leaves the form unsent and returns to the button that opened it.
      await receive.click();
      await expect(form.getByLabel("Standing desk").inputValue()).resolves.toBe("2");
      await page.keyboard.press("Escape");
      await expect.poll(() => form.count()).toBe(0);
      await expect.poll(() => receive.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await form.getByRole("button", { name: "Record receipt" }).click();
      await expect.poll(() => page.getByTestId("po-receipt").count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => header.locator(".badge").textContent(), { timeout: 15_000 }).toBe("received");
      await expect.poll(() => receive.count()).toBe(0);
      await screenshotView(page, `order-receipts-received-${width}`);

      await page.getByRole("link", { name: "All orders" }).click();
      await expect.poll(() => row.locator(".badge").textContent(), { timeout: 15_000 }).toBe("received");
    });
  }
});
