import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { notificationSettings, type Role } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("notifications");
const widths = [1280, 390] as const;
const isFocused = (page: Page, text: string) => page.evaluate((text) => document.activeElement?.textContent?.trim() === text, text);

async function savedPreference(role: Role) {
  const token = await tokenFor(product.url, emailOf(role));
  return notificationSettings.parse((await callApi(product.url, "GET", "/api/me/notifications", token)).json).email;
}

/** On a phone the account sits in the navigation drawer, behind the menu button. */
async function openUserMenu(page: Page, width: number, role: Role) {
  if (width < 900) await page.getByRole("button", { name: "Open navigation" }).click();
  const button = page.getByRole("button", { name: emailOf(role) });
  await button.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menu", { name: "Account" }).waitFor();
  await screenshotView(page, `user-menu-${width}`);
}

describe("notification preferences from the user menu", () => {
  for (const width of widths) {
    it(`every role changes its own e-mail choice with the keyboard at ${width} px`, async () => {
      const { page } = await product.open({ width, height: 844 });
      const role: Role = width === 1280 ? "requester" : "approver";
      await signIn(page, product.url, emailOf(role));

      await openUserMenu(page, width, role);
      const opener = page.getByRole("button", { name: emailOf(role) });
      await expect(opener.getAttribute("aria-expanded")).resolves.toBe("true");
      await expect.poll(() => isFocused(page, "Notifications")).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("menu").count()).toBe(0);
      await expect(opener.getAttribute("aria-expanded")).resolves.toBe("false");

      await page.keyboard.press("ArrowDown");
      await page.getByRole("menuitem", { name: "Notifications" }).click();
      const drawer = page.getByRole("dialog", { name: "Notifications" });
      await drawer.waitFor();
      const daily = drawer.getByRole("radio", { name: /Daily summary/ });
      await expect.poll(() => drawer.getByRole("radio", { name: /Right away/ }).isChecked()).toBe(true);
      await expectNoSeriousViolations(page, "[role=dialog]", `notifications ${width}`);
      await expectNoHorizontalScroll(page);
      await screenshotView(page, `notifications-menu-${width}`);

      await daily.click();
      await page.getByText("Notifications saved").waitFor();
      await expect.poll(() => savedPreference(role)).toBe("daily");

      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog", { name: "Notifications" }).count()).toBe(0);
      await page.reload();
      if (width < 900) await page.getByRole("button", { name: "Open navigation" }).click();
      await page.getByRole("button", { name: emailOf(role) }).click();
      await page.getByRole("menuitem", { name: "Notifications" }).click();
      await expect
        .poll(() =>
          page
            .getByRole("dialog", { name: "Notifications" })
            .getByRole("radio", { name: /Daily summary/ })
            .isChecked(),
        )
        .toBe(true);
      await page.getByRole("dialog", { name: "Notifications" }).getByRole("radio", { name: /Off/ }).click();
      await expect.poll(() => savedPreference(role)).toBe("off");
    });
  }
});

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("priority and need-by date", () => {
  it("the new-request form takes both, and the request shows them", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("requester"));
    await page.goto(`${product.url}/app/requests`);
    await page.getByRole("button", { name: "New request" }).first().click();
    const form = page.getByRole("dialog", { name: "New request" });
    await expect(form.getByLabel("Priority").inputValue()).resolves.toBe("normal");
    const title = `Label printer ${Date.now().toString(36)}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Amount (USD)").fill("240");
    await form.getByLabel("Priority").selectOption("high");
    await form.getByLabel("Needed by (optional)").fill(dayFromNow(12));
    await expectNoSeriousViolations(page, "[role=dialog]", "new request with priority");
    await form.getByRole("button", { name: "Submit request" }).click();
    await page.getByText("Request created").waitFor();

    const token = await tokenFor(product.url, emailOf("requester"));
    const mine = async () => {
      const { json } = await callApi(product.url, "GET", `/api/requests?q=${encodeURIComponent(title)}`, token);
      return (json as { priority: string; needed_by: string | null }[]).map((r) => `${r.priority} ${r.needed_by}`);
    };
    await expect.poll(mine).toEqual([`high ${dayFromNow(12)}`]);
    // The list flags it among the requests around it.
    const row = page.locator("tbody tr[data-request-id]", { has: page.getByRole("link", { name: title }) });
    await expect.poll(() => row.locator(".badge", { hasText: "High" }).count()).toBe(1);
    await screenshotView(page, "requests-list-priority");
  });

  for (const width of widths) {
    it(`the approvals queue comes most urgent first, then oldest, and flags what is needed soon, at ${width} px`, async () => {
      const suffix = `${width}-${Date.now().toString(36)}`;
      const token = await tokenFor(product.url, emailOf("requester"));
      const raise = async (title: string, priority: string, needed_by: string | null) => {
        const { status, json } = await callApi(product.url, "POST", "/api/requests", token, { title: `${title} ${suffix}`, amount: 30, priority, needed_by });
        expect(status).toBe(201);
        return (json as { id: string }).id;
      };
      const low = await raise("Q low", "low", null);
      const normal = await raise("Q normal", "normal", null);
      const urgent = await raise("Q urgent", "urgent", dayFromNow(1));
      const high = await raise("Q high", "high", dayFromNow(20));

      const { page } = await product.open({ width, height: 900 });
      await signIn(page, product.url, emailOf("approver"));
      await page.goto(`${product.url}/app/approvals`);
      const queue = page.getByRole("region", { name: "Pending approvals" });
      await queue.locator(`tr[data-request-id="${low}"]`).waitFor();
      const order = await queue.locator("tr[data-request-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-request-id")));
      expect(order.filter((id) => [low, normal, urgent, high].includes(id!))).toEqual([urgent, high, normal, low]);
      await queue.locator(`tr[data-request-id="${urgent}"]`).getByText("Due soon").waitFor();
      expect(await queue.locator(`tr[data-request-id="${high}"]`).getByText("Due soon").count()).toBe(0);
      await expect(queue.locator(`tr[data-request-id="${urgent}"]`).getByText("Urgent", { exact: true }).count()).resolves.toBe(1);
      await expectNoSeriousViolations(page, "[aria-label='Pending approvals']", `approvals queue ${width}`);
      await expectNoHorizontalScroll(page);
      await screenshotView(page, `approvals-priority-${width}`);
    });
  }
});

describe("approval delegation from the user menu", () => {
  it("an approver delegates to a member for some days, the delegate stands in, and the approver ends it", async () => {
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("approver"));
    await openUserMenu(page, 1280, "approver");
    await page.getByRole("menuitem", { name: "Notifications" }).click();
    const drawer = page.getByRole("dialog", { name: "Notifications" });
    const section = drawer.getByRole("region", { name: "Delegate approvals" });
    await section.getByLabel("Delegate").selectOption({ label: emailOf("finance") });
    await section.getByLabel("Last day").fill(dayFromNow(3));
    await section.getByRole("button", { name: "Delegate approvals" }).click();
    await page.getByText("Delegation saved").waitFor();
    await section
      .getByTestId("current-delegation")
      .getByText(`${emailOf("finance")} decides for you`)
      .waitFor();
    await expectNoSeriousViolations(page, "[role=dialog]", "delegation");
    await screenshotView(page, "delegation-1280");

    const finance = await tokenFor(product.url, emailOf("finance"));
    const standingIn = async () =>
      ((await callApi(product.url, "GET", "/api/me/delegation", finance)).json as { standing_in_for: { delegator_email: string }[] }).standing_in_for;
    await expect.poll(async () => (await standingIn()).map((d) => d.delegator_email)).toEqual([emailOf("approver")]);

    await section.getByRole("button", { name: "End delegation" }).click();
    await page.getByText("Delegation ended").waitFor();
    await expect.poll(async () => (await standingIn()).length).toBe(0);
  });
});
