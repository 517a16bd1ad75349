import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { purchaseRequest } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("keyboard-queues");

const currentTitle = (page: Page) => page.locator("tr[aria-current=true] .approval-title").textContent();

describe("the approvals queue from the keyboard", () => {
  for (const width of [1280, 390]) {
    it(`moves with j and k, opens the deny and approve questions with d and a, and lists its keys on ?, at ${width} px`, async () => {
      const requester = await tokenFor(product.url, emailOf("requester"));
      const created = await callApi(product.url, "POST", "/api/requests", requester, {
        title: `Keyboard stool ${width} ${Date.now().toString(36)}`,
        amount: 30,
      });
      expect(created.status).toBe(201);
      const request = purchaseRequest.parse(created.json);
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("approver"));
      await page.goto(`${product.url}/app/approvals`);
      const rows = page.locator("tbody tr[data-request-id]");
      await rows.first().waitFor();
      const titles = await rows.locator(".approval-title").allTextContents();
      expect(titles.length).toBeGreaterThan(1);

      await page.keyboard.press("j");
      await expect.poll(() => currentTitle(page)).toBe(titles[0]);
      await page.keyboard.press("j");
      await expect.poll(() => currentTitle(page)).toBe(titles[1]);
      await page.keyboard.press("k");
      await expect.poll(() => currentTitle(page)).toBe(titles[0]);

      await page.keyboard.press("d");
      const deny = page.getByRole("alertdialog", { name: "Deny this request?" });
      await deny.waitFor();
      expect(await deny.textContent()).toContain(titles[0]);
      await page.keyboard.press("Escape");
      await deny.waitFor({ state: "hidden" });

      // A click into a row makes it the one the keys act on.
      const row = rows.filter({ hasText: request.title });
      await row.locator("td").nth(2).click();
      await expect.poll(() => currentTitle(page)).toBe(request.title);
      await page.keyboard.press("a");
      const approve = page.getByRole("alertdialog", { name: "Approve this request?" });
      await approve.waitFor();
      expect(await approve.textContent()).toContain(request.title);
      await approve.getByRole("button", { name: "Approve", exact: true }).click();
      await page.getByText("Request approved").first().waitFor();
      await expect.poll(() => row.count()).toBe(0);

      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await help.getByText("Approve the chosen request").waitFor();
      await expectNoSeriousViolations(page, ".dialog", `approvals shortcuts ${width}`);
      await screenshotView(page, `approvals-shortcuts-${width}`);
      await page.keyboard.press("Escape");
      await expectNoSeriousViolations(page, "[aria-label='Pending approvals']", `approvals with a chosen row ${width}`);
    });
  }
});

describe("the invoices list from the keyboard", () => {
  it("answers to / for search and n for Record invoice, but not while typing", async () => {
    const { page } = await product.open({ width: 1280, height: 900 });
    await signIn(page, product.url, emailOf("finance"));
    await page.goto(`${product.url}/app/invoices`);
    const search = page.getByRole("searchbox", { name: "Search invoices" });
    await search.waitFor();
    await page.keyboard.press("/");
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("n");
    await expect.poll(() => search.inputValue()).toBe("n");
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.locator("body").click({ position: { x: 2, y: 2 } });
    await page.keyboard.press("n");
    await page.getByRole("dialog", { name: "Record invoice" }).waitFor();
  });
});
