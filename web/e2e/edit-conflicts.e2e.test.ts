import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { purchaseOrder, type PurchaseOrder, type Role } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, seriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";
import { reloadInTheme, themes } from "./support/theme";

const product = useProduct("edit-conflicts");
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function newOrder(): Promise<PurchaseOrder> {
  const token = await tokenFor(product.url, emailOf("buyer"));
  const body = { vendor_name: `Conflict Supplies ${stamp()}`, total: 100, status: "draft", notes: "Leave at the dock" };
  const { status, json } = await callApi(product.url, "POST", "/api/orders", token, body);
  expect(status).toBe(201);
  return purchaseOrder.parse(json);
}

async function openOrders(page: Page, role: Role) {
  await signIn(page, product.url, emailOf(role));
  await page.goto(`${product.url}/app/purchase-orders`);
  await page.getByTestId("po-row").first().waitFor();
}

/** Opens the order's edit drawer from its row in the list. */
async function openEditForm(page: Page, order: PurchaseOrder): Promise<Locator> {
  await page.getByRole("button", { name: `Edit ${order.po_number}` }).click();
  const drawer = page.getByRole("dialog", { name: `Edit ${order.po_number}` });
  await drawer.getByRole("button", { name: "Save changes" }).waitFor();
  return drawer;
}

describe("two people edit the same order", () => {
  it("the second save shows who changed what and keeps what was typed; Reload takes the order as it is now", async () => {
    const order = await newOrder();
    const first = await product.open();
    const second = await product.open();
    await openOrders(first.page, "buyer");
    await openOrders(second.page, "admin");
    const firstForm = await openEditForm(first.page, order);
    const secondForm = await openEditForm(second.page, order);

    await firstForm.getByLabel("Total (USD)").fill("150");
    await firstForm.getByLabel("Notes").fill("Deliver to reception");
    await firstForm.getByRole("button", { name: "Save changes" }).click();
    await first.page.getByText("Purchase order updated").first().waitFor();

    await secondForm.getByLabel("Notes").fill("Call before delivery");
    await secondForm.getByLabel("Expected date").fill("2031-05-20");
    await secondForm.getByRole("button", { name: "Save changes" }).click();
    const conflict = secondForm.getByRole("alert").filter({ hasText: "after you opened it" });
    await conflict.waitFor();
    await expect(conflict.textContent()).resolves.toContain(`${emailOf("buyer")} changed this order after you opened it`);
    expect(await conflict.textContent()).toContain("Changed since you opened it: Total and Notes.");
    // Nothing typed is lost until the admin chooses.
    await expect(secondForm.getByLabel("Notes").inputValue()).resolves.toBe("Call before delivery");
    await expect(secondForm.getByLabel("Expected date").inputValue()).resolves.toBe("2031-05-20");
    await expect(second.page.getByText("Purchase order updated").count()).resolves.toBe(0);

    await conflict.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => secondForm.getByLabel("Notes").inputValue()).toBe("Deliver to reception");
    await expect(secondForm.getByLabel("Total (USD)").inputValue()).resolves.toBe("150");
    await expect(secondForm.getByLabel("Expected date").inputValue()).resolves.toBe("");
    await expect(conflict.count()).resolves.toBe(0);

    // Made again on the order as it is now, the change saves and keeps the other's.
    await secondForm.getByLabel("Expected date").fill("2031-05-20");
    await secondForm.getByRole("button", { name: "Save changes" }).click();
    await second.page.getByText("Purchase order updated").first().waitFor();
    const token = await tokenFor(product.url, emailOf("buyer"));
    const saved = purchaseOrder.parse((await callApi(product.url, "GET", `/api/orders/${order.id}`, token)).json);
    expect(saved).toMatchObject({ total: 150, notes: "Deliver to reception", expected_date: "2031-05-20" });
  });
});

describe("the conflict in both themes", () => {
  for (const width of [1280, 390]) {
    it(`reads well and fits at ${width} px`, async () => {
      const { page } = await product.open({ width, height: 900 });
      await openOrders(page, "admin");
      const token = await tokenFor(product.url, emailOf("buyer"));
      for (const theme of themes) {
        const order = await newOrder();
        await reloadInTheme(page, theme, () => page.getByTestId("po-row").first().waitFor());
        const form = await openEditForm(page, order);
        const changed = await callApi(product.url, "PATCH", `/api/orders/${order.id}`, token, { notes: "Deliver to reception" });
        expect(changed.status).toBe(200);
        await form.getByLabel("Notes").fill("Call before delivery");
        await form.getByRole("button", { name: "Save changes" }).click();
        const conflict = form.getByRole("alert").filter({ hasText: "after you opened it" });
        await conflict.waitFor();
        await conflict.scrollIntoViewIfNeeded();
        await screenshotView(page, `edit-conflict-${theme}-${width}`);
        expect((await seriousViolations(page, ".drawer")).screen).toEqual([]);
        await expectNoHorizontalScroll(page);
        await page.keyboard.press("Escape");
        await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      }
    });
  }
});
