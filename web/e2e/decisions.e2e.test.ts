import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { z } from "zod";
import { auditEntry, purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("decisions");
const widths = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: 900 });
const auditEntries = z.array(auditEntry);
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function raise(title: string, amount = 25, extra: Record<string, unknown> = {}): Promise<PurchaseRequest> {
  const created = await callApi(product.url, "POST", "/api/requests", await tokenFor(product.url, emailOf("requester")), { title, amount, ...extra });
  expect(created.status).toBe(201);
  return purchaseRequest.parse(created.json);
}

const statusOf = async (id: string) =>
  purchaseRequest.parse((await callApi(product.url, "GET", `/api/requests/${id}`, await tokenFor(product.url, emailOf("admin")))).json).status;

/** Where a button's middle is now: the pointer stays there while the list moves under it. */
async function middleOf(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const timelineOf = async (id: string) =>
  auditEntries.parse((await callApi(product.url, "GET", `/api/requests/${id}/audit`, await tokenFor(product.url, emailOf("admin")))).json).map((e) => e.action);

const timelineActions = (page: Page) => page.getByTestId("request-timeline").locator(".timeline-action").allTextContents();

describe("safe decisions", () => {
  for (const width of widths) {
    it(`two rapid clicks on Approve never decide two requests: each decision is asked first, at ${width} px`, async () => {
      const tag = stamp();
      const older = await raise(`Rapid chair ${tag}`);
      const newer = await raise(`Rapid desk ${tag}`);
      const { page } = await product.open(viewport(width));
      await signIn(page, product.url, emailOf("approver"));
      await page.goto(`${product.url}/app/requests?status=pending&q=${tag}`);
      const rows = page.locator("tbody tr[data-request-id]");
      await expect.poll(() => rows.count()).toBe(2);
      await expectNoHorizontalScroll(page);
      const ask = page.getByRole("alertdialog", { name: "Approve this request?" });

      // Two clicks on the top row's Approve: the first asks, the second lands on the question, not on a request.
      const point = await middleOf(page, `Approve ${newer.title}`);
      await page.mouse.click(point.x, point.y);
      await page.mouse.click(point.x, point.y);
      await ask.waitFor();
      expect(await ask.textContent()).toContain(newer.title);
      await expectNoSeriousViolations(page, ".dialog", `approve dialog ${width}`);
      await screenshotView(page, `decision-approve-ask-${width}`);

      // Confirmed, the request leaves the pending list and the next one moves up; two quick clicks on its Approve
      // again only ask about that one.
      await ask.getByRole("button", { name: "Approve", exact: true }).click();
      await page.getByText("Request approved", { exact: true }).first().waitFor();
      await expect.poll(() => rows.count()).toBe(1);
      const next = await middleOf(page, `Approve ${older.title}`);
      await page.mouse.click(next.x, next.y);
      await page.mouse.click(next.x, next.y);
      await ask.waitFor();
      expect(await ask.textContent()).toContain(older.title);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);

      expect(await statusOf(newer.id)).toBe("approved");
      expect(await statusOf(older.id)).toBe("pending");
    });
  }

  for (const width of widths) {
    it(`a denial asks for a reason, which the requester reads on the request and its timeline, at ${width} px`, async () => {
      const request = await raise(`Standing desk ${stamp()}`);
      const approver = await product.open(viewport(width));
      await signIn(approver.page, product.url, emailOf("approver"));
      await approver.page.goto(`${product.url}/app/requests/${request.id}`);
      await approver.page.getByRole("button", { name: `Deny ${request.title}` }).click();
      const ask = approver.page.getByRole("alertdialog", { name: "Deny this request?" });
      await ask.getByRole("button", { name: "Deny", exact: true }).click();
      await ask.getByText("Give the requester a reason.").waitFor();
      await expectNoSeriousViolations(approver.page, ".dialog", `deny without a reason ${width}`);
      await screenshotView(approver.page, `decision-deny-reason-${width}`);
      const reason = "Over this quarter's furniture budget; ask again in January.";
      await ask.getByLabel(/^Reason/).fill(reason);
      await ask.getByRole("button", { name: "Deny", exact: true }).click();
      await approver.page.getByText("Request denied", { exact: true }).first().waitFor();
      expect(await statusOf(request.id)).toBe("denied");

      const requester = await product.open(viewport(width));
      await signIn(requester.page, product.url, emailOf("requester"));
      await requester.page.goto(`${product.url}/app/requests/${request.id}`);
      const drawer = requester.page.getByRole("dialog", { name: request.title });
      await drawer.getByRole("heading", { name: "Reason for denial" }).waitFor();
      expect(await drawer.getByTestId("decision-comment").textContent()).toBe(reason);
      await drawer.getByRole("tab", { name: "Timeline" }).click();
      const denied = drawer.locator(".timeline-item").filter({ hasText: "Denied" });
      await denied.getByText(reason).waitFor();
      await expectNoSeriousViolations(requester.page, ".drawer", `denied request's timeline ${width}`);
      await expectNoHorizontalScroll(requester.page);
      await screenshotView(requester.page, `decision-denied-timeline-${width}`);
    });
  }

  for (const width of widths) {
    it(`a requester edits and withdraws a pending request and resubmits it after a denial; the timeline keeps it all, at ${width} px`, async () => {
      const request = await raise(`Monitor arm ${stamp()}`, 30);
      const { page } = await product.open(viewport(width));
      await signIn(page, product.url, emailOf("requester"));
      await page.goto(`${product.url}/app/requests/${request.id}`);
      const drawer = page.getByRole("dialog", { name: request.title });
      await drawer.getByRole("button", { name: "Edit", exact: true }).waitFor();
      await expectNoHorizontalScroll(page);

      await drawer.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = page.getByRole("dialog", { name: "Edit request" });
      expect(await edit.getByLabel("Amount (USD)").inputValue()).toBe("30");
      await edit.getByLabel("Amount (USD)").fill("45");
      await expectNoSeriousViolations(page, ".drawer", `edit request ${width}`);
      await screenshotView(page, `request-edit-${width}`);
      await edit.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Request updated").first().waitFor();
      await drawer.getByText("$45.00").waitFor();

      await drawer.getByRole("button", { name: "Withdraw", exact: true }).click();
      const withdraw = page.getByRole("alertdialog", { name: "Withdraw this request?" });
      await withdraw.getByRole("button", { name: "Withdraw", exact: true }).click();
      await page.getByText("Request withdrawn").first().waitFor();
      await drawer.getByRole("button", { name: "Resubmit", exact: true }).click();
      const resubmit = page.getByRole("dialog", { name: "Resubmit request" });
      await resubmit.getByRole("button", { name: "Resubmit", exact: true }).click();
      await page.getByText("Request resubmitted").first().waitFor();
      await expect.poll(() => statusOf(request.id)).toBe("pending");

      // A denial reaches the open drawer live, and the request can be put back in the queue again.
      const denied = await callApi(product.url, "POST", `/api/requests/${request.id}/deny`, await tokenFor(product.url, emailOf("approver")), {
        comment: "Needs a quote attached",
      });
      expect(denied.status).toBe(200);
      await drawer.getByTestId("decision-comment").getByText("Needs a quote attached").waitFor();
      await drawer.getByRole("button", { name: "Resubmit", exact: true }).click();
      await resubmit.getByLabel("Amount (USD)").fill("42");
      await resubmit.getByRole("button", { name: "Resubmit", exact: true }).click();
      await page.getByText("Request resubmitted").first().waitFor();
      await drawer.getByText("$42.00").waitFor();

      await drawer.getByRole("tab", { name: "Timeline" }).click();
      await expect.poll(async () => (await timelineActions(page)).length).toBe(6);
      expect([...(await timelineActions(page))].sort()).toEqual(["Request created", "Edited", "Withdrawn", "Resubmitted", "Denied", "Resubmitted"].sort());
      await expectNoSeriousViolations(page, ".drawer", `request history ${width}`);
      await screenshotView(page, `request-history-${width}`);
    });
  }

  for (const width of widths) {
    it(`a double click on the dialog's Approve makes one decision and shows no error, at ${width} px`, async () => {
      const request = await raise(`Double-clicked lamp ${stamp()}`);
      const { page } = await product.open(viewport(width));
      await signIn(page, product.url, emailOf("approver"));
      await page.goto(`${product.url}/app/requests/${request.id}`);
      await page.getByRole("button", { name: `Approve ${request.title}` }).click();
      const ask = page.getByRole("alertdialog", { name: "Approve this request?" });
      await ask.getByRole("button", { name: "Approve", exact: true }).dblclick();

      await page.getByText("Request approved", { exact: true }).first().waitFor();
      await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
      expect(await page.getByText(/already approved/).count()).toBe(0);
      expect(await statusOf(request.id)).toBe("approved");
      expect(await timelineOf(request.id)).toEqual(["created", "approved"]);
      await expectNoSeriousViolations(page, "[data-sonner-toaster]", `approval toast ${width}`);
      await expectNoHorizontalScroll(page);
    });
  }

  for (const width of widths) {
    it(`"Request denied" offers Undo, which puts the request back in the approvals queue, at ${width} px`, async () => {
      // Urgent, so it heads the queue however many requests wait.
      const request = await raise(`Denied by mistake ${stamp()}`, 25, { priority: "urgent" });
      const { page } = await product.open(viewport(width));
      await signIn(page, product.url, emailOf("approver"));
      await page.goto(`${product.url}/app/approvals`);
      const row = page.locator(`tbody tr[data-request-id="${request.id}"]`);
      await row.getByRole("button", { name: `Deny ${request.title}` }).click();
      const ask = page.getByRole("alertdialog", { name: "Deny this request?" });
      await ask.getByLabel(/^Reason/).fill("Wrong cost centre");
      await ask.getByRole("button", { name: "Deny", exact: true }).click();

      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Request denied" });
      await toast.waitFor();
      await expect.poll(() => row.count()).toBe(0);
      await expectNoSeriousViolations(page, "[data-sonner-toaster]", `denial toast with undo ${width}`);
      await screenshotView(page, `decision-denied-undo-${width}`);

      await toast.getByRole("button", { name: "Undo" }).click();
      await page.getByText("Decision withdrawn", { exact: true }).first().waitFor();
      await row.waitFor();
      expect(await statusOf(request.id)).toBe("pending");
      expect(await timelineOf(request.id)).toEqual(["created", "denied", "decision withdrawn"]);
      // A pointer resting on a toast holds it; moved away, the toasts leave and the page is checked without them.
      await page.mouse.move(1, viewport(width).height - 1);
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await expectNoHorizontalScroll(page);

      // Its timeline says so, in the request's own page.
      await page.goto(`${product.url}/app/requests/${request.id}`);
      const drawer = page.getByRole("dialog", { name: request.title });
      await drawer.getByRole("tab", { name: "Timeline" }).click();
      await expect.poll(() => timelineActions(page)).toContain("Decision withdrawn");
    });
  }

  it("offers no Undo once the toast is gone", async () => {
    const request = await raise(`Settled denial ${stamp()}`, 25, { priority: "urgent" });
    const { page } = await product.open(viewport(1280));
    await signIn(page, product.url, emailOf("approver"));
    await page.goto(`${product.url}/app/approvals`);
    await page
      .locator(`tbody tr[data-request-id="${request.id}"]`)
      .getByRole("button", { name: `Deny ${request.title}` })
      .click();
    const ask = page.getByRole("alertdialog", { name: "Deny this request?" });
    await ask.getByLabel(/^Reason/).fill("No budget left");
    await ask.getByRole("button", { name: "Deny", exact: true }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Request denied" });
    await toast.getByRole("button", { name: "Undo" }).waitFor();
    // The toast leaves on its own after ten seconds, and with it the Undo.
    await toast.waitFor({ state: "detached", timeout: 20_000 });
    expect(await page.getByRole("button", { name: "Undo" }).count()).toBe(0);
    expect(await statusOf(request.id)).toBe("denied");
  });
});
