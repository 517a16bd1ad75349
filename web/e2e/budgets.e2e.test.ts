import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { periodsOf } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("budgets");
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const quarter = periodsOf(new Date().toISOString().slice(0, 10))[1]!;

/** A category of its own with this quarter's budget of $2,000, and two pending requests in it: one within, one over. */
async function budgetedRequests() {
  const admin = await tokenFor(product.url, emailOf("admin"));
  const finance = await tokenFor(product.url, emailOf("finance"));
  const requester = await tokenFor(product.url, emailOf("requester"));
  const name = `Office ${stamp()}`;
  const category = await callApi(product.url, "POST", "/api/categories", admin, { name });
  expect(category.status).toBe(201);
  const categoryId = (category.json as { id: string }).id;
  const budget = await callApi(product.url, "POST", "/api/budgets", finance, { category_id: categoryId, period: quarter, amount: 2000 });
  expect(budget.status).toBe(201);
  const raise = async (title: string, amount: number) => {
    const created = await callApi(product.url, "POST", "/api/requests", requester, { title, amount, category_id: categoryId });
    expect(created.status).toBe(201);
    return (created.json as { id: string }).id;
  };
  const within = await raise(`Paper ${stamp()}`, 640);
  const over = await raise(`Desks ${stamp()}`, 2500);
  return { name, within, over };
}

const rowOf = (page: Page, id: string) => page.locator(`tr[data-request-id="${id}"]`);

describe("budgets", () => {
  for (const width of [1280, 390]) {
    it(`show what a pending approval would use of its budget, in the queue and the drawer, at ${width} px`, async () => {
      const { name, within, over } = await budgetedRequests();
      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("admin"));
      await page.goto(`${product.url}/app/approvals`);
      const line = rowOf(page, within).getByTestId("budget-impact");
      await expect.poll(() => line.textContent(), { timeout: 15_000 }).toBe(`Uses $640 of $2,000 left in ${quarter.slice(5)} ${name}`);
      const overLine = rowOf(page, over).getByTestId("budget-impact");
      await expect.poll(() => overLine.textContent()).toBe(`Uses $2,500 of $2,000 left in ${quarter.slice(5)} ${name}Over budget by $500`);
      await rowOf(page, within).scrollIntoViewIfNeeded();
      await screenshotView(page, `budgets-approvals-${width}`);
      await expectNoSeriousViolations(page, "[aria-label='Pending approvals']", `approvals with budgets ${width}px`);
      await expectNoHorizontalScroll(page);

      await page.goto(`${product.url}/app/requests/${over}`);
      const drawer = page.getByRole("dialog");
      await expect.poll(() => drawer.getByTestId("budget-impact").textContent(), { timeout: 15_000 }).toContain("Over budget by $500");
      await screenshotView(page, `budgets-request-drawer-${width}`);
      await expectNoSeriousViolations(page, "[role=dialog]", `request drawer budget ${width}px`);
    });

    it(`are created, checked, edited and deleted on the Budgets screen, at ${width} px`, async () => {
      const { name } = await budgetedRequests();
      const { page } = await product.open({ width, height: 900 });
      page.on("dialog", (dialog) => void dialog.accept());
      await signIn(page, product.url, emailOf("finance"));
      if (width === 1280) {
        await page
          .locator(".shell-sidebar")
          .getByRole("link", { name: /Budgets/ })
          .click();
      } else {
        await page.goto(`${product.url}/app/budgets`);
      }
      const screen = page.locator(".budgets-page");
      await screen.getByRole("heading", { name: "Budgets", exact: true }).waitFor();
      await screen.locator(".budget-row").first().waitFor();

      // Keyboard only: the button opens the drawer and the form starts on its first field.
      await screen.getByRole("button", { name: "New budget" }).focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "New budget" });
      await expect.poll(() => drawer.getByLabel("Category").evaluate((el) => el === document.activeElement)).toBe(true);
      await drawer.getByLabel("Period").fill("2026-Q5");
      await drawer.getByRole("button", { name: "Create budget" }).click();
      await drawer.getByText("Choose a category.").waitFor();
      await drawer.getByText("Enter the period as a year (2026), a quarter (2026-Q4) or a month (2026-11).").waitFor();
      await drawer.getByText("Enter an amount of 0 or more.").waitFor();
      await expectNoSeriousViolations(page, ".drawer", `budget form errors ${width}px`);
      await screenshotView(page, `budgets-form-errors-${width}`);

      // The category already has this quarter's budget: the server's refusal lands on the period.
      await drawer.getByLabel("Category").selectOption({ label: name });
      await drawer.getByLabel("Period").fill(quarter);
      await drawer.getByLabel("Amount (USD)").fill("500");
      await drawer.getByRole("button", { name: "Create budget" }).click();
      await drawer.getByText(/already exists/).waitFor();
      const year = String(2040 + (width === 1280 ? 0 : 1));
      await drawer.getByLabel("Period").fill(year);
      await drawer.getByRole("button", { name: "Create budget" }).click();
      await page.getByText("Budget created").first().waitFor();
      const row = screen.locator(".budget-row").filter({ hasText: name }).filter({ hasText: year });
      await row.waitFor();
      await expect.poll(() => row.locator(".budget-amount").textContent()).toBe("$500");

      await row.getByRole("button", { name: `Edit ${name}, ${year}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit budget" });
      await edit.getByLabel("Amount (USD)").fill("750");
      await edit.getByRole("button", { name: "Save budget" }).click();
      await page.getByText("Budget updated").first().waitFor();
      await expect.poll(() => row.locator(".budget-amount").textContent()).toBe("$750");

      const quarterRow = screen
        .locator(".budget-row")
        .filter({ hasText: name })
        .filter({ hasText: quarter.slice(5) });
      await expect.poll(() => quarterRow.locator(".budget-legend").textContent()).toContain("Committed$0");
      await quarterRow.scrollIntoViewIfNeeded();
      // The toasts of the saves leave first: on a phone they slide in from the edge.
      await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      await screenshotView(page, `budgets-screen-${width}`);
      await expectNoSeriousViolations(page, ".budgets-page", `budgets screen ${width}px`);
      await expectNoHorizontalScroll(page);

      await row.getByRole("button", { name: `Delete ${name}, ${year}` }).click();
      await page.getByText("Budget deleted").first().waitFor();
      await expect.poll(() => row.count()).toBe(0);
    });
  }
});
