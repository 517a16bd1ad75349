import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { deactivatedMessage, inboxCounts, purchaseRequest, resetPasswordResponse } from "@procure/contracts";
import { callApi, emailOf, tokenFor as tokenAt } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("people-inbox");
const call = (method: string, path: string, token: string | null, body?: unknown) => callApi(product.url, method, path, token, body);
const tokenFor = (email: string, password?: string) => tokenAt(product.url, email, password);
const widths = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: 900 });

/** The badge's number as shown; no badge is zero. */
const badgeOf = async (page: Page) => {
  const badge = page.getByTestId("inbox-badge");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};
const serverBadge = async (token: string) => inboxCounts.parse((await call("GET", "/api/inbox", token)).json).badge;
const serverChanged = async (token: string) => inboxCounts.parse((await call("GET", "/api/inbox", token)).json).counts.changed ?? 0;

/** Elements inside `scope` that reach past the viewport's right edge. */
const reachesPast = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>(`${scope} *`)]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest(".visually-hidden"))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  }, scope);

async function member(email: string, role = "approver") {
  const admin = await tokenFor(emailOf("admin"));
  const created = await call("POST", "/api/users", admin, { email, role, password: "member-pass-4821" });
  expect(created.status).toBe(201);
  return (created.json as { user: { id: string } }).user.id;
}

describe("the inbox badge", () => {
  for (const width of widths) {
    it(`counts only the signed-in user's work, for a requester and an approver, at ${width} px`, async () => {
      const approver = await product.open(viewport(width));
      const requester = await product.open(viewport(width));
      await signIn(approver.page, product.url, emailOf("approver"));
      await signIn(requester.page, product.url, emailOf("requester"));
      const approverToken = await tokenFor(emailOf("approver"));
      const requesterToken = await tokenFor(emailOf("requester"));
      await expect.poll(() => badgeOf(approver.page)).toBe(await serverBadge(approverToken));
      await expect.poll(() => badgeOf(requester.page)).toBe(await serverBadge(requesterToken));
      const approverBefore = await badgeOf(approver.page);
      const requesterBefore = await badgeOf(requester.page);
      const requesterChangedBefore = await serverChanged(requesterToken);

      // A new request waits for the approver, not for the one who raised it.
      const created = await call("POST", "/api/requests", requesterToken, { title: `Inbox lamp ${width}`, amount: 25 });
      expect(created.status).toBe(201);
      const request = purchaseRequest.parse(created.json);
      await expect.poll(() => badgeOf(approver.page)).toBe(approverBefore + 1);

      // Its decision leaves the approver's inbox and reaches the requester's, listed but not counted: the badge is
      // requests to decide plus open orders, the approvals queue's count.
      expect((await call("POST", `/api/requests/${request.id}/approve`, approverToken)).status).toBe(200);
      await expect.poll(() => badgeOf(approver.page)).toBe(approverBefore);

      await requester.page.getByRole("button", { name: /^Inbox/ }).click();
      const panel = requester.page.getByRole("dialog", { name: "Workspace inbox" });
      await panel.getByTestId("inbox-row-changed").waitFor();
      expect(await badgeOf(requester.page)).toBe(requesterBefore);
      expect(await panel.locator('[data-testid^="inbox-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")))).toEqual([
        "inbox-row-changed",
      ]);
      const item = panel.getByTestId("inbox-item").filter({ hasText: request.title });
      await expect(item.getAttribute("href")).resolves.toBe(`/app/requests/${request.id}`);
      await expectNoSeriousViolations(requester.page, ".inbox-panel", `requester inbox ${width}`);
      await expectNoHorizontalScroll(requester.page);
      await screenshotView(requester.page, `inbox-requester-${width}`);

      // Opening the request is looking at it.
      await item.click();
      await requester.page.waitForURL(`${product.url}/app/requests/${request.id}`);
      await expect.poll(() => serverChanged(requesterToken)).toBe(requesterChangedBefore);

      await approver.page.getByRole("button", { name: /^Inbox/ }).click();
      const approverPanel = approver.page.getByRole("dialog", { name: "Workspace inbox" });
      await approverPanel.getByText("The badge counts only what waits for you.").waitFor();
      expect(await approverPanel.getByTestId("inbox-row-issue-order").count()).toBe(0);
      await expectNoSeriousViolations(approver.page, ".inbox-panel", `approver inbox ${width}`);
      await screenshotView(approver.page, `inbox-approver-${width}`);
    });
  }
});

describe("people", () => {
  for (const width of widths) {
    it(`deactivating a member signs out their open tab at once, and they are told why they cannot sign in, at ${width} px`, async () => {
      const email = `leaving.${width}.${Date.now().toString(36)}@example.com`;
      await member(email);
      const leaving = await product.open(viewport(width));
      await signIn(leaving.page, product.url, email, "member-pass-4821");

      const admin = await product.open(viewport(width));
      await signIn(admin.page, product.url, emailOf("admin"));
      await admin.page.goto(`${product.url}/app/settings`);
      const access = admin.page.getByRole("region", { name: "Workspace access" });
      await access.getByRole("searchbox", { name: "Search members by email" }).fill(email);
      await expect.poll(() => access.getByTestId("user-row").count()).toBe(1);
      // The member list fits the width (other cards of the settings page are theirs to check).
      expect(await reachesPast(admin.page, "#access")).toEqual([]);
      await access.getByRole("button", { name: `Deactivate ${email}` }).click();
      const ask = admin.page.getByRole("alertdialog", { name: "Deactivate member?" });
      await ask.waitFor();
      await expectNoSeriousViolations(admin.page, ".dialog", `deactivate dialog ${width}`);
      await screenshotView(admin.page, `people-deactivate-ask-${width}`);
      await ask.getByRole("button", { name: "Deactivate" }).click();
      await access.getByRole("button", { name: `Reactivate ${email}` }).waitFor();
      await expectNoSeriousViolations(admin.page, "#access", `people ${width}`);
      await screenshotView(admin.page, `people-list-${width}`);

      await leaving.page.waitForURL(/\/login/);
      await leaving.page.getByLabel("Email").fill(email);
      await leaving.page.getByLabel("Password").fill("member-pass-4821");
      await leaving.page.getByRole("button", { name: "Sign in" }).click();
      await leaving.page.getByRole("alert").filter({ hasText: deactivatedMessage }).waitFor();
      await screenshotView(leaving.page, `people-deactivated-sign-in-${width}`);
    });
  }

  for (const width of widths) {
    it(`a reset password must be replaced at sign-in, and until then the API refuses everything else, at ${width} px`, async () => {
      const email = `forgetful.${width}.${Date.now().toString(36)}@example.com`;
      const id = await member(email, "buyer");
      const reset = await call("POST", `/api/users/${id}/reset-password`, await tokenFor(emailOf("admin")));
      const { temporaryPassword } = resetPasswordResponse.parse(reset.json);
      const refused = await call("GET", "/api/orders", await tokenFor(email, temporaryPassword!));
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ error: { code: "password_change_required" } });

      const { page } = await product.open(viewport(width));
      await page.goto(`${product.url}/login`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(temporaryPassword!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await expectNoSeriousViolations(page, ".auth-card", `choose a new password ${width}`);
      await expectNoHorizontalScroll(page);
      await screenshotView(page, `choose-password-${width}`);
      await page.getByLabel("New password", { exact: true }).fill("replaced-pass");
      await page.getByLabel("Repeat the new password").fill("replaced-pass");
      await page.getByRole("button", { name: "Save and continue" }).click();
      await page.waitForURL(`${product.url}/app`);
      await page.getByText("Your new password is set").waitFor();
      // The reset moved the account's token version: the session the change answered carries it, and survives a reload.
      await page.reload();
      await page.getByRole("button", { name: /^Inbox/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/app");
      expect((await call("GET", "/api/orders", await tokenFor(email, "replaced-pass"))).status).toBe(200);
    });
  }
});
