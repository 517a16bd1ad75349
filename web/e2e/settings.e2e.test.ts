import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { z } from "zod";
import { approvalRule, emailMessage, emailTakenMessage, passwordMessage, purchaseRequest, type Role } from "@procure/contracts";
import { callApi, emailOf, tokenFor as tokenAt } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations, seriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { cellEdgeSpread } from "./support/layout";
import { screenshotPage, screenshotView, shotWidths } from "./support/screenshots";
import { useProduct } from "./support/suite";
import { reloadInTheme, themes } from "./support/theme";

const suffix = Date.now().toString(36);

const product = useProduct("settings");
const open = product.open;
const call = (method: string, path: string, token: string | null, body?: unknown) => callApi(product.url, method, path, token, body);
const tokenFor = (email: string) => tokenAt(product.url, email);

async function openSettings(page: Page, role: Role = "admin") {
  await signIn(page, product.url, emailOf(role));
  await page.goto(`${product.url}/app/settings`);
  await page.getByRole("heading", { name: "Approval rules" }).waitFor();
}

const ruleRow = (page: Page, name: string) => page.getByTestId("rule-row").filter({ has: page.getByText(name, { exact: true }) });
const isFocused = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).evaluate((el) => el === document.activeElement);

describe("workspace access", () => {
  const invited = `new.approver.${suffix}@example.com`;

  it("an admin invites a user with no password, sees the temporary password once, and that user signs in with it", async () => {
    const { page, context } = await open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: product.url });
    await openSettings(page);
    const access = page.getByRole("region", { name: "Workspace access" });
    await access.getByRole("cell", { name: emailOf("requester"), exact: true }).waitFor();

    await access.getByRole("button", { name: "Invite user" }).click();
    let drawer = page.getByRole("dialog", { name: "Invite user" });
    await drawer.getByLabel("Work email").fill("not-an-email");
    await drawer.getByLabel("Password (optional)").fill("abc");
    await drawer.getByRole("button", { name: "Create account" }).click();
    await drawer.getByText(emailMessage).waitFor();
    await drawer.getByText(passwordMessage).waitFor();

    await drawer.getByLabel("Work email").fill(emailOf("requester"));
    await drawer.getByLabel("Password (optional)").fill("");
    await drawer.getByRole("button", { name: "Create account" }).click();
    await drawer.getByText(emailTakenMessage).waitFor();
    await expect(drawer.getByLabel("Work email").getAttribute("aria-invalid")).resolves.toBe("true");

    await drawer.getByLabel("Work email").fill(invited);
    await drawer.getByLabel("Role").selectOption("approver");
    await drawer.getByRole("button", { name: "Create account" }).click();
    drawer = page.getByRole("dialog", { name: "Account created" });
    const secret = drawer.getByTestId("temporary-password");
    await secret.waitFor();
    const password = (await secret.textContent())?.trim() ?? "";
    expect(password.length).toBeGreaterThanOrEqual(6);
    await drawer.getByText("This is the only time it is shown.", { exact: false }).waitFor();

    await drawer.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Password copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

    await drawer.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => isFocused(page, "Invite user")).toBe(true);
    await access.getByRole("cell", { name: invited, exact: true }).waitFor();
    expect(await page.getByText(password).count()).toBe(0);

    // Opening the drawer again starts a new invitation; the password is not kept anywhere.
    await access.getByRole("button", { name: "Invite user" }).click();
    await page.getByRole("dialog", { name: "Invite user" }).waitFor();
    expect(await page.getByTestId("temporary-password").count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => isFocused(page, "Invite user")).toBe(true);
    await page.reload();
    await access.getByRole("cell", { name: invited, exact: true }).waitFor();
    expect(await page.getByText(password).count()).toBe(0);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(password);

    // A temporary password opens nothing but the screen that replaces it.
    const second = await open();
    await second.page.goto(`${product.url}/login`);
    await second.page.getByLabel("Email").fill(invited);
    await second.page.getByLabel("Password").fill(password);
    await second.page.getByRole("button", { name: "Sign in" }).click();
    await second.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await second.page.getByLabel("New password", { exact: true }).fill("chosen-by-me");
    await second.page.getByLabel("Repeat the new password").fill("chosen-by-me");
    await second.page.getByRole("button", { name: "Save and continue" }).click();
    await second.page.waitForURL(`${product.url}/app`);
    await expect.poll(() => second.page.locator(".shell-desktop-account .shell-email").textContent()).toBe(invited);
    await second.page.locator(".shell-sidebar").getByRole("link", { name: "Approvals" }).waitFor();
  });

  it("asks before a member's role changes, and a cancelled change leaves the role as it was", async () => {
    const email = `role.change.${suffix}@example.com`;
    const admin = await tokenFor(emailOf("admin"));
    expect((await call("POST", "/api/users", admin, { email, role: "requester", password: "member-pass-4821" })).status).toBe(201);
    const { page } = await open();
    await openSettings(page);
    const access = page.getByRole("region", { name: "Workspace access" });
    const select = access.getByRole("combobox", { name: `Role of ${email}` });

    await select.selectOption("approver");
    const dialog = page.getByRole("alertdialog", { name: `Make ${email} approver?` });
    await dialog.getByText("goes from requester to approver").waitFor();
    await expectNoSeriousViolations(page, "[role=alertdialog]", "role change 1280px");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    await expect.poll(() => select.inputValue()).toBe("requester");
    const listed = async () =>
      z.array(z.object({ role: z.string() })).parse((await call("GET", `/api/users?q=${encodeURIComponent(email)}`, admin)).json)[0]?.role;
    expect(await listed()).toBe("requester");

    await select.selectOption("approver");
    await page.getByRole("alertdialog").getByRole("button", { name: "Make approver" }).click();
    await page.getByText(`${email} is now approver`).waitFor();
    await expect.poll(() => select.inputValue()).toBe("approver");
    expect(await listed()).toBe("approver");
  });

  it("is not offered to other roles: finance cannot open settings and the API refuses it the user list", async () => {
    const { page } = await open();
    await signIn(page, product.url, emailOf("finance"));
    await page.goto(`${product.url}/app/settings`);
    await page.waitForURL(`${product.url}/app`);
    expect((await call("GET", "/api/users", await tokenFor(emailOf("finance")))).status).toBe(403);
  });
});

describe("approval rules", () => {
  const name = `Two-stage from $700k ${suffix}`;
  const renamed = `${name} (edited)`;

  it("a two-stage rule created in settings routes a new request through an approver, then finance", async () => {
    const { page } = await open();
    await openSettings(page);
    await page.getByRole("button", { name: "New rule" }).click();
    const drawer = page.getByRole("dialog", { name: "New rule" });
    await expect(drawer.getByLabel("Stages (JSON array)", { exact: true }).inputValue()).resolves.toBe('["approver"]');
    await drawer.getByLabel("Name (optional)").fill(name);
    await drawer.getByLabel("Minimum (USD)").fill("700000");
    await drawer.getByLabel("Stages (JSON array)", { exact: true }).fill("[approver, finance]");
    await drawer.getByRole("button", { name: "Create rule" }).click();
    await drawer.getByText("Stages are not valid JSON.", { exact: false }).waitFor();
    await expect(drawer.getByLabel("Stages (JSON array)", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");

    await drawer.getByLabel("Stages (JSON array)", { exact: true }).fill('["approver", "requester"]');
    await drawer.getByRole("button", { name: "Create rule" }).click();
    await drawer.getByText("Stages must be a non-empty JSON array of roles", { exact: false }).waitFor();

    await drawer.getByLabel("Stages (JSON array)", { exact: true }).fill('["approver", "finance"]');
    await drawer.getByRole("button", { name: "Create rule" }).click();
    await page.getByText("Rule created").waitFor();
    await expect.poll(() => isFocused(page, "New rule")).toBe(true);
    const row = ruleRow(page, name);
    await expect.poll(() => row.locator(".set-stage").allTextContents()).toEqual(["1approver", "2finance"]);
    // Each rule's row is drawn as one line: its name cell's border meets the rest of the row's.
    const ruleRows = await cellEdgeSpread(page, '[data-testid="rule-row"]');
    expect(ruleRows.rows).toBeGreaterThan(0);
    expect(ruleRows.spread).toBeLessThan(0.25);

    const rules = z.array(approvalRule).parse((await call("GET", "/api/approval-rules", await tokenFor(emailOf("admin")))).json);
    const rule = rules.find((r) => r.name === name)!;
    expect(rule).toMatchObject({ min_amount: 700_000, max_amount: null, stages: ["approver", "finance"], active: true });

    const title = `Fleet of cargo bikes ${suffix}`;
    const created = await call("POST", "/api/requests", await tokenFor(emailOf("requester")), { title, amount: 725_000 });
    expect(created.status).toBe(201);
    const request = purchaseRequest.parse(created.json);
    expect(request).toMatchObject({ rule_id: rule.id, status: "pending", current_stage_role: "approver" });
    expect(request.stages.map((s) => s.role)).toEqual(["approver", "finance"]);
    const financeToken = await tokenFor(emailOf("finance"));
    expect((await call("POST", `/api/requests/${request.id}/approve`, financeToken)).status).toBe(403);

    // The approver decides stage 1 in the browser.
    const approver = await open();
    await signIn(approver.page, product.url, emailOf("approver"));
    await approver.page.locator(".shell-sidebar").getByRole("link", { name: "Approvals" }).click();
    const approvalRow = approver.page.locator("tbody tr").filter({ has: approver.page.getByText(title, { exact: true }) });
    await approvalRow.getByRole("button", { name: `Approve ${title}` }).click();
    await approver.page.getByRole("alertdialog").getByRole("button", { name: "Approve", exact: true }).click();
    await approver.page.getByText("Request approved", { exact: true }).waitFor();

    const read = async () => purchaseRequest.parse((await call("GET", `/api/requests/${request.id}`, financeToken)).json);
    await expect.poll(async () => (await read()).stages.map((s) => s.status)).toEqual(["approved", "waiting"]);
    expect(await read()).toMatchObject({ status: "pending", current_stage_role: "finance" });

    expect((await call("POST", `/api/requests/${request.id}/approve`, financeToken)).status).toBe(200);
    await expect.poll(async () => (await read()).status).toBe("approved");
    expect((await read()).stages.map((s) => s.decided_by !== null)).toEqual([true, true]);
  });

  it("edits the rule, keeps it when the deletion is dismissed, and deletes it after confirming", async () => {
    const { page } = await open();
    await openSettings(page);
    const row = ruleRow(page, name);
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const drawer = page.getByRole("dialog", { name: "Edit rule" });
    await expect(drawer.getByLabel("Stages (JSON array)", { exact: true }).inputValue()).resolves.toBe('["approver","finance"]');
    await drawer.getByLabel("Name (optional)").fill(renamed);
    await drawer.getByLabel("Maximum (USD) (optional)").fill("100");
    await drawer.getByRole("button", { name: "Save rule" }).click();
    await drawer.getByText("The maximum amount must be at least the minimum amount.").waitFor();
    await drawer.getByLabel("Maximum (USD) (optional)").fill("900000");
    await drawer.getByRole("button", { name: "Save rule" }).click();
    await page.getByText("Rule updated").waitFor();
    const edited = ruleRow(page, renamed);
    await edited.getByText("$700,000.00 to $900,000.00").waitFor();
    await expect.poll(() => isFocused(page, `Edit ${renamed}`)).toBe(true);

    const questions: string[] = [];
    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await edited.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect.poll(() => questions).toEqual(["Delete this rule?"]);
    expect(await edited.count()).toBe(1);

    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await edited.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page.getByText("Rule deleted").waitFor();
    await expect.poll(() => edited.count()).toBe(0);
    expect(questions).toEqual(["Delete this rule?", "Delete this rule?"]);
  });

  it('says "No rules yet." once every rule is gone', async () => {
    const token = await tokenFor(emailOf("admin"));
    const rules = z.array(approvalRule).parse((await call("GET", "/api/approval-rules", token)).json);
    for (const rule of rules) expect((await call("DELETE", `/api/approval-rules/${rule.id}`, token)).status).toBe(204);
    const { page } = await open();
    await openSettings(page);
    await page.getByText("No rules yet.").waitFor();
  });
});

describe("the screen in both themes", () => {
  for (const width of shotWidths) {
    it(`has no serious accessibility violation and no horizontal scroll at ${width} px, with and without the drawer`, async () => {
      const token = await tokenFor(emailOf("admin"));
      const seeded = { name: `Shown rule ${width}`, min_amount: 10_000, max_amount: 50_000, stages: ["approver", "finance"] };
      expect((await call("POST", "/api/approval-rules", token, seeded)).status).toBe(201);
      const { page } = await open({ width, height: 900 });
      await openSettings(page);
      for (const theme of themes) {
        await reloadInTheme(page, theme, async () => {
          await ruleRow(page, seeded.name).waitFor();
          await page.getByRole("region", { name: "Workspace access" }).getByTestId("user-row").first().waitFor();
        });
        await screenshotPage(page, `settings-${theme}-${width}`, 1400);
        await expectNoSeriousViolations(page, ".settings-page, [role=dialog]", `${theme} ${width}px`);
        await expectNoHorizontalScroll(page);

        await page.getByRole("button", { name: "New rule" }).click();
        const drawer = page.getByRole("dialog", { name: "New rule" });
        await drawer.getByLabel("Stages (JSON array)", { exact: true }).fill("approver");
        await drawer.getByRole("button", { name: "Create rule" }).click();
        await drawer.getByText("Stages are not valid JSON.", { exact: false }).waitFor();
        await screenshotView(page, `settings-rule-drawer-${theme}-${width}`);
        expect((await seriousViolations(page, ".settings-page, [role=dialog]")).screen).toEqual([]);
        await page.keyboard.press("Escape");
        await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      }
    });
  }
});
