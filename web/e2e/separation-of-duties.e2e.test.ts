import { describe, expect, it } from "vitest";
import { errorBody, purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("separation-of-duties");
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const reason = "You already decided the Approver stage of this request; another person must decide the Finance stage.";

/** A request large enough for the demo's rule: an approver, then finance. */
async function raiseLarge(title: string): Promise<PurchaseRequest> {
  const created = await callApi(product.url, "POST", "/api/requests", await tokenFor(product.url, emailOf("requester")), {
    title,
    amount: 12_500,
    priority: "urgent",
  });
  expect(created.status).toBe(201);
  const request = purchaseRequest.parse(created.json);
  expect(request.stages.map((s) => s.role)).toEqual(["approver", "finance"]);
  return request;
}

describe("separation of duties", () => {
  for (const width of [1280, 390]) {
    it(`shows an admin who approved the first stage why they cannot decide the second, before the click, at ${width} px`, async () => {
      const request = await raiseLarge(`Two-stage server rack ${stamp()}`);
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("admin"));

      await page.goto(`${product.url}/app/requests/${request.id}`);
      const approve = page.getByRole("button", { name: `Approve ${request.title}` });
      const deny = page.getByRole("button", { name: `Deny ${request.title}` });
      await approve.click();
      await page.getByRole("alertdialog", { name: "Approve this request?" }).getByRole("button", { name: "Approve", exact: true }).click();
      await page.getByText("Request approved", { exact: true }).first().waitFor();

      // The finance stage waits now: the same admin's Approve and Deny are disabled, the reason beside them.
      await expect.poll(() => approve.isDisabled(), { timeout: 15_000 }).toBe(true);
      expect(await deny.isDisabled()).toBe(true);
      await page.getByText(reason).first().waitFor();
      expect(await approve.getAttribute("aria-describedby")).toBeTruthy();
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await approve.scrollIntoViewIfNeeded();
      await screenshotView(page, `separation-of-duties-request-${width}`);
      await expectNoSeriousViolations(page, "main", `separation of duties ${width}px`);
      await expectNoHorizontalScroll(page);

      // The approvals queue says the same.
      await page.goto(`${product.url}/app/approvals`);
      const row = page.locator(`tr[data-request-id="${request.id}"]`);
      await row.getByText(reason).waitFor({ timeout: 15_000 });
      expect(await row.getByRole("button", { name: `Approve ${request.title}` }).isDisabled()).toBe(true);
      await row.scrollIntoViewIfNeeded();
      await screenshotView(page, `separation-of-duties-queue-${width}`);
      // The reason wraps within its cell: nothing is cut off or pushes the page sideways.
      const cell = row.locator("td.actions");
      expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
      await expectNoHorizontalScroll(page);

      // And the server refuses the click the screen does not offer.
      const refused = await callApi(product.url, "POST", `/api/requests/${request.id}/approve`, await tokenFor(product.url, emailOf("admin")), {});
      expect(refused.status).toBe(409);
      expect(errorBody.parse(refused.json).error.message).toBe(reason);
      const finance = await callApi(product.url, "POST", `/api/requests/${request.id}/approve`, await tokenFor(product.url, emailOf("finance")), {});
      expect(finance.status).toBe(200);
      expect(purchaseRequest.parse(finance.json).status).toBe("approved");
    });
  }
});
