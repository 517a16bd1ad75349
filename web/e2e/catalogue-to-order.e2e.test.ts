import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { catalogueOverview, overviewItem, purchaseRequest, vendor, type PurchaseRequest } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("catalogue-to-order");
const widths = [1280, 390] as const;

const readRequest = async (id: string, token: string) => purchaseRequest.parse((await callApi(product.url, "GET", `/api/requests/${id}`, token)).json);

/**
 * Approves at every stage the request's rule routes it through, each time as the role that stage waits for; a request
 * no rule routes is an approver's.
 */
async function approveThroughEveryStage(id: string) {
  let request: PurchaseRequest = await readRequest(id, await tokenFor(product.url, emailOf("admin")));
  while (request.status === "pending") {
    const token = await tokenFor(product.url, emailOf(request.current_stage_role ?? "approver"));
    const decided = await callApi(product.url, "POST", `/api/requests/${id}/approve`, token, {});
    expect(decided.status).toBe(200);
    request = purchaseRequest.parse(decided.json);
  }
  expect(request.status).toBe("approved");
}

/** The request the requester just submitted from the form: theirs, newest first, with this title. */
async function submittedRequest(title: string): Promise<PurchaseRequest> {
  const token = await tokenFor(product.url, emailOf("requester"));
  let found: PurchaseRequest | undefined;
  await expect
    .poll(async () => {
      const { json } = await callApi(product.url, "GET", `/api/requests?q=${encodeURIComponent(title)}`, token);
      found = (json as unknown[]).map((item) => purchaseRequest.parse(item)).find((r) => r.title === title);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

async function firstCatalogueItem(page: Page) {
  await page.goto(`${product.url}/app/catalog`);
  const card = page.getByRole("region", { name: "Requester workspace" }).getByTestId("catalogue-item").first();
  await card.waitFor();
  const name = (await card.locator(".cat-item-name").textContent())!;
  const category = (await card.locator(".cat-node-meta").textContent())!.split(" · ")[1]!;
  return { card, name, category, text: (await card.textContent())! };
}

describe("catalogue → request → purchase order", () => {
  for (const width of widths) {
    it(`a requester asks for a catalogue item, it is approved, a buyer orders it and the request shows the order, at ${width} px`, async () => {
      const requester = await product.open({ width, height: 900 });
      await signIn(requester.page, product.url, emailOf("requester"));
      const { card, name, category, text } = await firstCatalogueItem(requester.page);
      await card.getByRole("link", { name: `Request this item: ${name}` }).click();

      const form = requester.page.getByRole("dialog", { name: "New request" });
      await form.getByLabel("Title").waitFor();
      expect(await form.getByLabel("Title").inputValue()).toBe(name);
      await expect.poll(() => form.getByLabel("Category").evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(category);
      expect(await form.getByLabel("Quantity").inputValue()).toBe("1");
      // The item's supplier is a vendor of the workspace, chosen in the form.
      const selectedVendor = () => form.getByLabel(/^Vendor/).evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? "");
      await expect.poll(selectedVendor).not.toMatch(/^(No vendor|Loading vendors…)$/);
      const vendorName = await selectedVendor();
      expect(text).toContain(vendorName);
      const unitPrice = Number(await form.getByLabel(/^Unit price/).inputValue());
      expect(unitPrice).toBeGreaterThan(0);
      expect(Number(await form.getByLabel("Amount (USD)").inputValue())).toBe(unitPrice);

      // The quantity sets the amount, and the description says how it was reached.
      await form.getByLabel("Quantity").fill("3");
      const amount = Math.round(unitPrice * 3 * 100) / 100;
      await expect.poll(async () => Number(await form.getByLabel("Amount (USD)").inputValue())).toBe(amount);
      expect(await form.getByLabel(/^Description/).inputValue()).toBe(`3 × ${name} at ${unitPrice.toFixed(2)} USD each`);
      const title = `${name} for desk ${width}-${Date.now().toString(36)}`;
      await form.getByLabel("Title").fill(title);
      const line = `3 × ${title} at ${unitPrice.toFixed(2)} USD each`;
      expect(await form.getByLabel(/^Description/).inputValue()).toBe(line);
      await expectNoSeriousViolations(requester.page, ".drawer", `new request from the catalogue ${width}`);
      await expectNoHorizontalScroll(requester.page);
      await screenshotView(requester.page, `catalogue-request-form-${width}`);
      await form.getByRole("button", { name: "Submit request" }).click();
      await requester.page.getByText("Request created").first().waitFor();

      const request = await submittedRequest(title);
      expect(request).toMatchObject({ amount, category_name: category, vendor_name: vendorName, description: line });
      await approveThroughEveryStage(request.id);

      const buyer = await product.open({ width, height: 900 });
      await signIn(buyer.page, product.url, emailOf("buyer"));
      await buyer.page.goto(`${product.url}/app/requests/${request.id}`);
      const drawer = buyer.page.getByRole("dialog", { name: title });
      await drawer.getByRole("link", { name: "Create PO" }).click();

      const order = buyer.page.getByRole("dialog", { name: "New purchase order" });
      await expect.poll(() => order.getByLabel("Total (USD)").inputValue()).toBe(String(amount));
      await expect.poll(() => order.getByLabel(/^Request/).inputValue()).toBe(request.id);
      await expect.poll(() => order.getByLabel("Vendor name").inputValue()).toBe(vendorName);
      await expectNoSeriousViolations(buyer.page, ".drawer", `order from the request ${width}`);
      await screenshotView(buyer.page, `catalogue-order-form-${width}`);
      await order.getByRole("button", { name: "Create PO" }).click();
      await buyer.page.getByText("Purchase order created").first().waitFor();

      // The request shows its order's number and status, to the requester as to the buyer.
      const requesterToken = await tokenFor(product.url, emailOf("requester"));
      await expect.poll(async () => (await readRequest(request.id, requesterToken)).po_number).not.toBeNull();
      const { po_number: poNumber } = await readRequest(request.id, requesterToken);
      await requester.page.goto(`${product.url}/app/requests/${request.id}`);
      const mine = requester.page.getByRole("dialog", { name: title });
      await mine.getByText(`${poNumber} · draft`).waitFor();
      await expectNoSeriousViolations(requester.page, ".drawer", `request with its order ${width}`);
      await screenshotView(requester.page, `catalogue-request-ordered-${width}`);
    });
  }
});

describe("an item whose supplier was blocked since", () => {
  for (const width of widths) {
    it(`opens the request form without that vendor, and says why, at ${width} px`, async () => {
      const tag = Date.now().toString(36);
      const buyer = await tokenFor(product.url, emailOf("buyer"));
      const supplier = vendor.parse((await callApi(product.url, "POST", "/api/vendors", buyer, { name: `Soon blocked ${tag}` })).json);
      const { categoryId } = catalogueOverview.parse((await callApi(product.url, "GET", "/api/catalogue/overview", buyer)).json).items[0]!;
      const body = { category_id: categoryId, name: `Blocked supply ${tag}`, sku: `BS-${tag}`, base_price: 12, vendor_id: supplier.id, status: "review" };
      const item = overviewItem.parse((await callApi(product.url, "POST", "/api/catalogue/items", buyer, body)).json);
      expect((await callApi(product.url, "PATCH", `/api/catalogue/items/${item.id}`, buyer, { status: "published" })).status).toBe(200);
      const admin = await tokenFor(product.url, emailOf("admin"));
      const blocked = await callApi(product.url, "PATCH", `/api/vendors/${supplier.id}`, admin, { status: "blocked", reason: "Late deliveries" });
      expect(blocked.status).toBe(200);

      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("requester"));
      await page.goto(`${product.url}/app/catalog`);
      const workspace = page.getByRole("region", { name: "Requester workspace" });
      await workspace.getByRole("searchbox", { name: "Search catalogue items" }).fill(item.name);
      await workspace.getByRole("link", { name: `Request this item: ${item.name}` }).click();
      const form = page.getByRole("dialog", { name: "New request" });
      await form.getByText("The suggested vendor is blocked, so none is chosen.", { exact: false }).waitFor();
      expect(await form.getByLabel(/^Vendor/).inputValue()).toBe("");
      await expectNoSeriousViolations(page, ".drawer", `blocked supplier ${width}`);
      await screenshotView(page, `catalogue-request-blocked-supplier-${width}`);
      await form.getByRole("button", { name: "Submit request" }).click();
      await page.getByText("Request created").first().waitFor();
    });
  }
});
