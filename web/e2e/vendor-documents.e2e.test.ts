import { describe, expect, it } from "vitest";
import { z } from "zod";
import { vendor } from "@procure/contracts";
import { callApi, emailOf, tokenFor } from "./support/api";
import { signIn } from "./support/browser";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { screenshotView } from "./support/screenshots";
import { useProduct } from "./support/suite";

const product = useProduct("vendor-documents");

/** A vendor of its own for each viewport, with no documents yet. */
async function freshVendor(label: string) {
  const token = await tokenFor(product.url, emailOf("buyer"));
  const created = await callApi(product.url, "POST", "/api/vendors", token, { name: `Papers ${label} ${Date.now().toString(36)}` });
  expect(created.status).toBe(201);
  return vendor.parse(created.json);
}

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])("vendor diligence documents at $width px", (viewport) => {
  it("shows a vendor missing its papers, takes a W-9 and an insurance certificate, and then calls it complete", async () => {
    const v = await freshVendor(String(viewport.width));
    const { page } = await product.open(viewport);
    await signIn(page, product.url, emailOf("buyer"));
    await page.goto(`${product.url}/app/vendors?diligence=missing&q=${encodeURIComponent(v.name)}`);
    const card = page.locator(".vendor-card").filter({ has: page.getByRole("heading", { name: v.name, exact: true }) });
    await expect.poll(() => card.getByText("Diligence: missing").isVisible()).toBe(true);
    expect(await page.getByLabel("Diligence").inputValue()).toBe("missing");

    await card.getByRole("button", { name: `Open ${v.name}` }).click();
    const drawer = page.getByRole("dialog", { name: v.name });
    const documents = drawer.getByRole("region", { name: "Documents" });
    await documents.getByText("No documents on file yet.").waitFor();
    const form = documents.getByRole("form", { name: "Add a document" });
    for (const [kind, label, expires] of [
      ["w9", "W-9", ""],
      ["insurance", "Insurance", "2031-06-30"],
    ] as const) {
      await form.getByLabel("Kind").selectOption(kind);
      await form.getByLabel(/Expires on/).fill(expires);
      await form.getByLabel("File").setInputFiles({ name: `${kind}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4 ${kind}`) });
      await form.getByRole("button", { name: "Upload document" }).click();
      await documents.getByText(`${label}: ${kind}.pdf`).waitFor();
    }
    await documents.getByText(/Expires .*2031/).waitFor();
    await expect.poll(() => drawer.getByText("Diligence: complete").isVisible()).toBe(true);
    await drawer.getByText("Added W-9: w9.pdf").waitFor();
    await expectNoSeriousViolations(page, "main, [role=dialog]", `vendor documents ${viewport.width}`);
    if (viewport.width < 640) await expectNoHorizontalScroll(page);
    await screenshotView(page, `vendor-documents-${viewport.width}`);

    // Removing the W-9 brings the gap back, on the card as in the list's filter.
    await documents.getByRole("button", { name: "Remove w9.pdf" }).click();
    await expect.poll(() => drawer.getByText("Diligence: missing").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => card.getByText("Diligence: missing").isVisible()).toBe(true);
    const token = await tokenFor(product.url, emailOf("buyer"));
    const listed = await callApi(product.url, "GET", `/api/vendors?diligence=missing&q=${encodeURIComponent(v.name)}`, token);
    expect(
      z
        .array(vendor)
        .parse(listed.json)
        .map((x) => x.diligence),
    ).toEqual([{ status: "missing", missing: ["w9"], expired: [], expiring: [] }]);
  });
});

describe("the workspace's diligence settings", () => {
  it("let an admin choose the required documents and whether orders wait for them, and the vendors follow", async () => {
    const v = await freshVendor("settings");
    const { page } = await product.open();
    await signIn(page, product.url, emailOf("admin"));
    await page.goto(`${product.url}/app/settings`);
    const card = page.getByRole("region", { name: "Vendor diligence" });
    const kinds = card.getByRole("group", { name: "Required documents" });
    await expect.poll(() => kinds.getByLabel("W-9").isChecked()).toBe(true);
    expect(await kinds.getByLabel("Insurance").isChecked()).toBe(true);
    await kinds.getByLabel("W-9").uncheck();
    await kinds.getByLabel("Insurance").uncheck();
    await card.getByLabel(/Refuse new orders/).check();
    await card.getByRole("button", { name: "Save diligence settings" }).click();
    await page.getByText("Diligence settings saved").waitFor();
    await expectNoSeriousViolations(page, "main", "diligence settings");

    const admin = await tokenFor(product.url, emailOf("admin"));
    const now = await callApi(product.url, "GET", `/api/vendors/${v.id}`, admin);
    expect(vendor.parse(now.json).diligence.status).toBe("complete");
    await callApi(product.url, "PATCH", "/api/settings/diligence", admin, { required_kinds: ["w9", "insurance"], block_orders: false });
  });
});
