import { describe, expect, it } from "vitest";
import { purchaseOrder, vendor, type PurchaseOrder } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("invoices");
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A buyer's issued order of 4 chairs at $100 (all received) and 2 desks at $250 (none yet), straight through the API. */
async function chairsReceivedDesksNot(): Promise<PurchaseOrder> {
  const token = await tokenFor(product.url, emailOf("buyer"));
  const vendors = await callApi(product.url, "GET", "/api/vendors?status=active&limit=1", token);
  const [supplier] = vendor.array().parse(vendors.json);
  const body = {
    vendor_id: supplier!.id,
    status: "issued",
    lines: [
      { description: "Chair", quantity: 4, unit_price: 100 },
      { description: "Desk", quantity: 2, unit_price: 250 },
    ],
  };
  const created = await callApi(product.url, "POST", "/api/orders", token, body);
  expect(created.status).toBe(201);
  const order = purchaseOrder.parse(created.json);
  const received = await callApi(product.url, "POST", `/api/orders/${order.id}/receipts`, token, { lines: [{ line_id: order.lines[0]!.id, quantity: 4 }] });
  expect(received.status).toBe(201);
  return order;
}

describe("invoices", () => {
  for (const width of [1280, 390]) {
    it(`records an invoice from the order's page, another person approves it with a comment, and it is paid, at ${width} px`, async () => {
      const order = await chairsReceivedDesksNot();
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("finance"));

      await page.goto(`${product.url}/app/purchase-orders`);
      await page.getByTestId("po-row").filter({ hasText: order.po_number }).getByRole("link", { name: order.po_number }).click();
      await page.getByRole("link", { name: "Record invoice" }).click();

      const form = page.getByRole("dialog", { name: "Record invoice" });
      await expect.poll(() => form.getByLabel("Purchase order").inputValue()).toBe(order.id);
      const number = `INV-${stamp()}`;
      await form.getByLabel("Invoice number").fill(number);
      const desk = form.getByRole("group", { name: "Desk" });
      await expect.poll(() => desk.getByLabel("Quantity").inputValue()).toBe("2");
      // One desk billed, above the order's price; the chairs as ordered.
      await desk.getByLabel("Quantity").fill("1");
      await desk.getByLabel("Unit price (USD)").fill("300");
      await expectNoSeriousViolations(page, ".drawer", `record invoice ${width}px`);
      await form.getByRole("button", { name: "Record invoice" }).click();
      await page.getByText("Invoice recorded").first().waitFor();

      const row = page.getByTestId("invoice-row").filter({ hasText: number });
      await expect.poll(() => row.locator(".badge").first().textContent(), { timeout: 15_000 }).toBe("Price variance");
      await expectNoSeriousViolations(page, "main", `invoices list ${width}px`);
      await row.getByRole("button", { name: `Open invoice ${number}` }).click();

      const detail = page.getByRole("dialog", { name: `Invoice ${number}` });
      await detail.getByText("Billed at $300.00, ordered at $250.00 (+20%): more than the 2% tolerance.").waitFor();
      // Separation of duties: the one who recorded it is told before the click that another person approves it.
      await detail.getByText("You recorded this invoice; another person must approve it.").waitFor();
      expect(await detail.getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);

      const { page: reviewerPage } = await product.open({ width, height: 900 });
      await signIn(reviewerPage, product.url, emailOf("admin"));
      await reviewerPage.goto(`${product.url}/app/invoices`);
      const reviewerRow = reviewerPage.getByTestId("invoice-row").filter({ hasText: number });
      await reviewerRow.getByRole("button", { name: `Open invoice ${number}` }).click();
      const review = reviewerPage.getByRole("dialog", { name: `Invoice ${number}` });
      await review.getByRole("button", { name: "Approve" }).click();
      await review.getByText("Add a comment to approve an invoice that is not matched.").waitFor();
      await review.getByLabel(/^Comment/).fill("Price rise agreed by phone.");
      await screenshotView(reviewerPage, `invoices-detail-${width}`);
      await expectNoSeriousViolations(reviewerPage, ".drawer", `invoice detail ${width}px`);
      await review.getByRole("button", { name: "Approve" }).click();
      await reviewerPage.getByText("Invoice approved").first().waitFor();

      // The recorder did not approve it, so may pay it: their open drawer offers Mark paid once the approval lands.
      await detail.getByRole("button", { name: "Mark paid…" }).waitFor({ timeout: 15_000 });
      await detail.getByRole("button", { name: "Mark paid…" }).click();
      // Paying is confirmed in a dialog that asks for the payment's date (today unless changed) and reference.
      const confirm = page.getByRole("alertdialog", { name: "Mark this invoice paid?" });
      const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
      expect(await confirm.getByLabel("Payment date").inputValue()).toBe(today);
      await confirm.getByRole("button", { name: "Mark paid" }).click();
      await confirm.getByText("Enter the payment reference").waitFor();
      await confirm.getByLabel("Payment reference").fill(`BACS ${number}`);
      await expectNoSeriousViolations(page, "[role=alertdialog]", `pay invoice ${width}px`);
      await screenshotView(page, `invoices-pay-${width}`);
      await confirm.getByRole("button", { name: "Mark paid" }).click();
      await page.getByText("Invoice paid").first().waitFor();
      await expect.poll(() => detail.locator(".badge").nth(1).textContent(), { timeout: 15_000 }).toBe("Paid");
      await detail.getByText(`Reference BACS ${number}`).waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => row.locator(".badge").nth(1).textContent(), { timeout: 15_000 }).toBe("Paid");
      // The toasts slide in from beyond the edge; the page itself must not scroll sideways once they are gone.
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await expectNoHorizontalScroll(page);
      await screenshotView(page, `invoices-list-${width}`);

      // The order's timeline, on the page its PO number opens, tells the invoice's steps beside its saves and receipts.
      await row.getByRole("link", { name: order.po_number }).click();
      await page.waitForURL(`**/app/purchase-orders/${order.id}`);
      await page.getByTestId("po-invoice").filter({ hasText: number }).waitFor();
      const timeline = page.getByTestId("po-history-entry");
      await expect
        .poll(() => timeline.allTextContents(), { timeout: 15_000 })
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining("Invoice paid"),
            expect.stringContaining("Invoice approved"),
            expect.stringContaining("Invoice recorded"),
          ]),
        );
      await expectNoSeriousViolations(page, ".po-order-page", `order timeline ${width}px`);
    });
  }

  for (const width of [1280, 390]) {
    it(`disputes an invoice with a reason, which holds it from approval, then resolves it, at ${width} px`, async () => {
      const order = await chairsReceivedDesksNot();
      const finance = await tokenFor(product.url, emailOf("finance"));
      const number = `DSP-${stamp()}`;
      const recorded = await callApi(product.url, "POST", "/api/invoices", finance, {
        order_id: order.id,
        number,
        invoice_date: "2026-11-20",
        lines: [{ line_id: order.lines[0]!.id, quantity: 2, unit_price: 100 }],
      });
      expect(recorded.status).toBe(201);
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("admin"));
      await page.goto(`${product.url}/app/invoices?q=${number}`);
      const row = page.getByTestId("invoice-row").filter({ hasText: number });
      await row.getByRole("button", { name: `Open invoice ${number}` }).click();
      const detail = page.getByRole("dialog", { name: `Invoice ${number}` });
      await detail.getByRole("button", { name: "Dispute…" }).click();

      const ask = page.getByRole("alertdialog", { name: "Dispute this invoice?" });
      await ask.getByRole("button", { name: "Dispute" }).click();
      await ask.getByText("Enter the reason for the dispute").waitFor();
      await ask.getByLabel(/^Reason/).fill("Two chairs billed; the delivery note shows one.");
      await expectNoSeriousViolations(page, "[role=alertdialog]", `dispute invoice ${width}px`);
      await ask.getByRole("button", { name: "Dispute" }).click();
      await page.getByText("Invoice disputed").first().waitFor();
      await expect.poll(() => detail.locator(".badge").nth(1).textContent(), { timeout: 15_000 }).toBe("Disputed");
      await detail.getByText("Two chairs billed; the delivery note shows one.", { exact: false }).waitFor();
      // Held: no approval is offered until the dispute is resolved.
      expect(await detail.getByRole("button", { name: "Approve" }).count()).toBe(0);
      await expectNoSeriousViolations(page, ".drawer", `disputed invoice ${width}px`);
      await screenshotView(page, `invoices-disputed-${width}`);

      await detail.getByRole("button", { name: "Resolve dispute" }).click();
      await page.getByText("Dispute resolved").first().waitFor();
      await expect.poll(() => detail.locator(".badge").nth(1).textContent(), { timeout: 15_000 }).toBe("Open");
      await detail.getByRole("button", { name: "Approve" }).waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => row.locator(".badge").nth(1).textContent(), { timeout: 15_000 }).toBe("Open");
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await expectNoHorizontalScroll(page);
    });
  }

  for (const width of [1280, 390]) {
    it(`attaches the vendor's invoice document, refusing a file that is not one, and downloads it, at ${width} px`, async () => {
      const order = await chairsReceivedDesksNot();
      const finance = await tokenFor(product.url, emailOf("finance"));
      const number = `DOC-${stamp()}`;
      const recorded = await callApi(product.url, "POST", "/api/invoices", finance, {
        order_id: order.id,
        number,
        invoice_date: "2026-11-20",
        lines: [{ line_id: order.lines[0]!.id, quantity: 4, unit_price: 100 }],
      });
      expect(recorded.status).toBe(201);
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("finance"));
      await page.goto(`${product.url}/app/invoices?q=${number}`);
      await page
        .getByTestId("invoice-row")
        .filter({ hasText: number })
        .getByRole("button", { name: `Open invoice ${number}` })
        .click();
      const detail = page.getByRole("dialog", { name: `Invoice ${number}` });
      const documents = detail.getByRole("region", { name: "Invoice document" });
      await documents.getByText("No document attached yet.").waitFor();
      const input = documents.getByLabel(/^Attach the vendor's invoice/);

      // A program is not an invoice: said at once, and nothing is sent.
      await input.setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
      await documents.getByRole("alert").getByText("Attach the invoice as a PDF, an image (PNG, JPEG, TIFF or WebP) or an XML e-invoice.").waitFor();
      expect(await documents.getByRole("button", { name: "Attach", exact: true }).isDisabled()).toBe(true);
      await expectNoSeriousViolations(page, ".drawer", `invoice document refused ${width}px`);

      const pdf = Buffer.from(`%PDF-1.4 ${number}`);
      await input.setInputFiles({ name: `${number}.pdf`, mimeType: "application/pdf", buffer: pdf });
      await expect.poll(() => documents.getByRole("alert").count()).toBe(0);
      // Reached from the keyboard: the file input, then Attach.
      await input.focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Attach");
      await page.keyboard.press("Enter");
      await page.getByText("Invoice document attached").first().waitFor();
      const download = documents.getByRole("button", { name: `Download ${number}.pdf` });
      await download.waitFor();
      await expectNoSeriousViolations(page, ".drawer", `invoice document attached ${width}px`);
      await expectNoHorizontalScroll(page);
      await screenshotView(page, `invoice-document-${width}`);

      const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(saved.suggestedFilename()).toBe(`${number}.pdf`);
    });
  }

  it("lets an admin change the price tolerance in Settings", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/settings`);
    const card = page.getByRole("region", { name: "Invoice matching" });
    const tolerance = card.getByLabel("Price tolerance (%)");
    await expect.poll(() => tolerance.inputValue()).toBe("2");
    await tolerance.fill("5");
    await card.getByRole("button", { name: "Save matching settings" }).click();
    await page.getByText("Matching settings saved").waitFor();
    await expectNoSeriousViolations(page, "main", "matching settings");
    const admin = await tokenFor(product.url, emailOf("admin"));
    expect((await callApi(product.url, "GET", "/api/settings/matching", admin)).json).toEqual({ tolerance_percent: 5 });
    await callApi(product.url, "PATCH", "/api/settings/matching", admin, { tolerance_percent: 2 });
  });

  it("reads the list fifty at a time, the newest first, and the next fifty on request", async () => {
    const token = await tokenFor(product.url, emailOf("buyer"));
    const vendors = await callApi(product.url, "GET", "/api/vendors?status=active&limit=1", token);
    const [supplier] = vendor.array().parse(vendors.json);
    const created = await callApi(product.url, "POST", "/api/orders", token, {
      vendor_id: supplier!.id,
      status: "issued",
      lines: [{ description: "Paper ream", quantity: 100, unit_price: 5 }],
    });
    expect(created.status).toBe(201);
    const order = purchaseOrder.parse(created.json);
    const tag = stamp();
    const finance = await tokenFor(product.url, emailOf("finance"));
    for (let i = 1; i <= 55; i++) {
      const recorded = await callApi(product.url, "POST", "/api/invoices", finance, {
        order_id: order.id,
        number: `PG-${tag}-${i}`,
        invoice_date: "2026-11-20",
        lines: [{ line_id: order.lines[0]!.id, quantity: 1, unit_price: 5 }],
      });
      expect(recorded.status).toBe(201);
    }
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("finance"));
    await page.goto(`${product.url}/app/invoices`);
    const list = page.getByRole("region", { name: "Invoices" });
    const rows = list.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(50);
    await list.getByText("Showing the newest 50 invoices").waitFor();
    await expect.poll(() => list.getByText(`PG-${tag}-55`, { exact: true }).count()).toBe(1);
    expect(await list.getByText(`PG-${tag}-1`, { exact: true }).count()).toBe(0);
    await list.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(55);
    await expect.poll(() => list.getByText(`PG-${tag}-1`, { exact: true }).count()).toBe(1);
    await expectNoSeriousViolations(page, "main", "invoices, second page");
  });
});
