import { describe, expect, it } from "vitest";
import { catalogueOverview, overviewItem, purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("request-lines");
const widths = [1280, 390] as const;

/** A published item of the catalogue at $389.00 each, $357.88 from 10. */
async function monitorWithVolumePrice(tag: string) {
  const buyer = await tokenFor(product.url, emailOf("buyer"));
  const { categoryId } = catalogueOverview.parse((await callApi(product.url, "GET", "/api/catalogue/overview", buyer)).json).items[0]!;
  const body = {
    category_id: categoryId,
    name: `Monitor ${tag}`,
    sku: `MON-${tag}`,
    base_price: 389,
    pricing_tiers: [{ min_quantity: 10, unit_price: 357.88 }],
    status: "review",
  };
  const item = overviewItem.parse((await callApi(product.url, "POST", "/api/catalogue/items", buyer, body)).json);
  expect((await callApi(product.url, "PATCH", `/api/catalogue/items/${item.id}`, buyer, { status: "published" })).status).toBe(200);
  return item;
}

async function requestTitled(title: string): Promise<PurchaseRequest> {
  const token = await tokenFor(product.url, emailOf("requester"));
  let found: PurchaseRequest | undefined;
  await expect
    .poll(async () => {
      const { json } = await callApi(product.url, "GET", `/api/requests?q=${encodeURIComponent(title)}`, token);
      found = (json as unknown[]).map((item) => purchaseRequest.parse(item)).find((r) => r.title === title);
      return found?.version;
    })
    .toBeDefined();
  return found!;
}

describe("a request for a catalogue item at its volume price", () => {
  for (const width of widths) {
    it(`is made at the tier price, and Edit shows and keeps its quantity and unit price, at ${width} px`, async () => {
      const tag = `${width}-${Date.now().toString(36)}`;
      const item = await monitorWithVolumePrice(tag);
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("requester"));
      await page.goto(`${product.url}/app/catalog`);
      const workspace = page.getByRole("region", { name: "Requester workspace" });
      await workspace.getByRole("searchbox", { name: "Search catalogue items" }).fill(item.name);
      await workspace.getByRole("link", { name: `Request this item: ${item.name}` }).click();

      const form = page.getByRole("dialog", { name: "New request" });
      await form.getByLabel("Title").waitFor();
      await form.getByLabel("Quantity").fill("10");
      // The volume price applies to the quantity asked for, before submitting as after.
      await expect.poll(() => form.getByLabel(/^Unit price/).inputValue()).toBe("357.88");
      expect(Number(await form.getByLabel("Amount (USD)").inputValue())).toBe(3578.8);
      expect(await form.getByLabel(/^Description/).inputValue()).toBe(`10 × ${item.name} at 357.88 USD each`);
      await expectNoSeriousViolations(page, ".drawer", `catalogue request at volume price ${width}`);
      await screenshotView(page, `request-lines-new-${width}`);
      await form.getByRole("button", { name: "Submit request" }).click();
      await page.getByText("Request created").first().waitFor();

      const created = await requestTitled(item.name);
      expect(created).toMatchObject({ amount: 3578.8, lines: [{ quantity: 10, unit_price: 357.88, catalogue_item_id: item.id }] });

      await page.goto(`${product.url}/app/requests/${created.id}`);
      await page.getByRole("dialog", { name: item.name }).getByRole("button", { name: "Edit", exact: true }).click();
      const edit = page.getByRole("dialog", { name: "Edit request" });
      await edit.getByLabel("Quantity").waitFor();
      expect(await edit.getByLabel("Quantity").inputValue()).toBe("10");
      expect(await edit.getByLabel(/^Unit price/).inputValue()).toBe("357.88");
      expect(Number(await edit.getByLabel("Amount (USD)").inputValue())).toBe(3578.8);
      await expectNoSeriousViolations(page, ".drawer", `edit a catalogue request ${width}`);
      await expectNoHorizontalScroll(page);
      await screenshotView(page, `request-lines-edit-${width}`);
      await edit.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Request updated").first().waitFor();

      const token = await tokenFor(product.url, emailOf("requester"));
      const saved = purchaseRequest.parse((await callApi(product.url, "GET", `/api/requests/${created.id}`, token)).json);
      expect(saved.version).toBeGreaterThan(created.version);
      expect(saved).toMatchObject({ amount: 3578.8, lines: [{ quantity: 10, unit_price: 357.88, catalogue_item_id: item.id }] });
    });
  }
});
