import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { categorySummary, settingsExport, type SettingsExport } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { signIn } from "./support/browser";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("settings-transfer");
const viewports = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const categoryNamed = async (name: string) => {
  const token = await tokenFor(product.url, emailOf("admin"));
  const listed = await callApi(product.url, "GET", "/api/categories", token);
  return z
    .array(categorySummary)
    .parse(listed.json)
    .find((c) => c.name === name);
};

describe.each(viewports)("settings export and import at $width px", (viewport) => {
  it("downloads the settings, shows what a changed file would do, and applies it only when asked", async () => {
    const { page } = await product.open(viewport);
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/settings`);
    const card = page.getByRole("region", { name: "Export and import" });

    const downloaded = page.waitForEvent("download");
    await card.getByRole("button", { name: "Export settings" }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^procure-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text).not.toMatch(/secret|password|token/i);
    const exported: SettingsExport = settingsExport.parse(JSON.parse(text));
    expect(exported.users.map((u) => u.email)).toContain(emailOf("buyer"));

    // The copy gains a category and a member; everything else in it is what the workspace has already.
    const category = `Imported at ${viewport.width} ${Date.now().toString(36)}`;
    const member = `imported-${viewport.width}-${Date.now().toString(36)}@example.com`;
    const changed: SettingsExport = {
      ...exported,
      categories: [
        ...exported.categories,
        {
          id: randomUUID(),
          name: category,
          parent_id: null,
          contract_number: null,
          preferred_suppliers: [],
          coverage: [],
          units_of_measure: [],
          requires_finance_review: false,
        },
      ],
      users: [...exported.users, { email: member, role: "buyer", active: true, email_notifications: "daily" }],
      matching: { tolerance_percent: exported.matching.tolerance_percent + 1 },
    };
    // The diligence and separation-of-duties settings are one record each, unchanged here; the matching one changes.
    const unchanged =
      2 + exported.categories.length + exported.budgets.length + exported.approval_rules.length + exported.users.length + exported.webhook_endpoints.length;
    await card.getByLabel("Import settings").setInputFiles({ name: "copy.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(changed)) });
    const preview = card.getByTestId("settings-import-preview");
    await preview.getByText("What importing copy.json would change").waitFor();
    expect(await preview.getByTestId("import-summary").textContent()).toBe(`2 to create, 1 to update, ${unchanged} unchanged`);
    const tolerance = exported.matching.tolerance_percent;
    const updated = preview.getByTestId("import-change").filter({ hasText: "Update" });
    expect(await updated.textContent()).toContain(`Invoice matching`);
    expect(await updated.textContent()).toContain(`tolerance_percent: ${tolerance} → ${tolerance + 1}`);
    const created = preview.getByTestId("import-change").filter({ hasText: "Create" });
    expect((await created.allTextContents()).join(" ")).toContain(category);
    expect(await categoryNamed(category)).toBeUndefined();
    await expectNoSeriousViolations(page, "main", `settings import preview ${viewport.width}`);
    if (viewport.width < 640) await expectNoHorizontalScroll(page);
    await screenshotView(page, `settings-import-preview-${viewport.width}`);

    await preview.getByRole("button", { name: "Apply import" }).click();
    const applied = card.getByTestId("settings-import-applied");
    await applied.getByText(`Settings imported: 2 to create, 1 to update, ${unchanged} unchanged`).waitFor();
    await applied.getByText(`Temporary password for ${member}`).waitFor();
    expect(await categoryNamed(category)).toMatchObject({ name: category, parent_id: null });
    await page.getByRole("table", { name: "People with access" }).getByRole("cell", { name: member, exact: true }).waitFor();
    await expectNoSeriousViolations(page, "main", `settings import applied ${viewport.width}`);
    await screenshotView(page, `settings-import-applied-${viewport.width}`);

    // A file of another version is refused with the reason, and nothing changes.
    await card.getByLabel("Import settings").setInputFiles({
      name: "future.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...changed, version: 2 })),
    });
    await card
      .getByRole("alert")
      .getByText(/is not version 1/)
      .waitFor();
    await card.getByRole("alert").getByText("Nothing was changed.").waitFor();
    await card.getByLabel("Import settings").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("not json") });
    await card.getByRole("alert").getByText("notes.json is not a settings file: it is not JSON.").waitFor();
  });
});

describe.each(viewports)("the buyer's inbox at $width px", (viewport) => {
  it("counts the vendors needing diligence and links each status to the vendors it counted", async () => {
    const { page } = await product.open(viewport);
    await signIn(page, product.url, emailOf("buyer"));
    await page.getByRole("button", { name: /^Inbox/ }).click();
    const panel = page.getByRole("dialog", { name: "Workspace inbox" });
    const vendors = panel.getByRole("region", { name: "Vendors needing attention" });
    await expect
      .poll(() => vendors.getByTestId("inbox-row-vendors-missing").textContent())
      .toBe("2Diligence missingActive vendors without a required document");
    expect(await vendors.getByTestId("inbox-row-vendors-expired").textContent()).toMatch(/^1Diligence expired/);
    expect(await vendors.getByTestId("inbox-row-vendors-expiring").textContent()).toMatch(/^2Diligence expiring/);
    await expectNoSeriousViolations(page, "[role=dialog]", `inbox vendors ${viewport.width}`);
    if (viewport.width < 640) await expectNoHorizontalScroll(page);
    await screenshotView(page, `inbox-vendors-${viewport.width}`);

    await vendors.getByTestId("inbox-row-vendors-missing").click();
    await page.waitForURL(`${product.url}/app/vendors?status=active&diligence=missing`);
    await expect.poll(() => page.locator(".vendor-card").count()).toBe(2);
    expect(await page.getByLabel("Diligence").inputValue()).toBe("missing");
  });
});
