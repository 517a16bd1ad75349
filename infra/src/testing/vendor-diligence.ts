import { expect } from "vitest";
import { expectCall } from "./http.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A vendor's documents filed and one taken back, and the workspace's diligence settings changed then restored, so
 * a test that rebuilds every projection has events of each kind to rebuild from.
 */
export async function fileVendorDiligence(t: TestApp, adminToken: string): Promise<void> {
  const [vendor] = await expectCall<{ id: string }[]>(t, "GET", "/api/vendors?limit=1", { token: adminToken });
  expect(vendor, "a vendor to file documents for").toBeDefined();
  for (const kind of ["w9", "insurance"]) {
    const form = new FormData();
    form.append("kind", kind);
    form.append("expires_on", "2031-01-31");
    form.append("file", new Blob([Buffer.from(`${kind} on file`)], { type: "application/pdf" }), `${kind}.pdf`);
    const added = await fetch(`${t.url}/api/vendors/${vendor!.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(added.status).toBe(201);
    if (kind === "insurance") {
      const { id } = (await added.json()) as { id: string };
      await expectCall(t, "DELETE", `/api/vendors/${vendor!.id}/documents/${id}`, { token: adminToken, status: 204 });
    }
  }
  await expectCall(t, "PATCH", "/api/settings/diligence", { token: adminToken, body: { required_kinds: ["w9", "contract"] } });
}
