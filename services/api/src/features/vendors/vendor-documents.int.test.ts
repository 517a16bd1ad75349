import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { z } from "zod";
import { addDays, diligenceSettings, errorBody, vendor, vendorDocument, vendorHistory, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  t = await startTestApp("vendor-documents");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const today = new Date().toISOString().slice(0, 10);
const stamp = Date.now().toString(36);
const register = (name: string) =>
  expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name: `${name} ${stamp}` }, status: 201, schema: vendor });
const getVendor = (id: string) => expectCall(t, "GET", `/api/vendors/${id}`, { token: users.requester.token, schema: vendor });

function upload(vendorId: string, role: Role, fields: Record<string, string>, content = Buffer.from(`%PDF-1.4 ${JSON.stringify(fields)}`)) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([content], { type: "application/pdf" }), `${fields.kind ?? "document"}.pdf`);
  return fetch(`${t.url}/api/vendors/${vendorId}/documents`, { method: "POST", headers: { authorization: `Bearer ${users[role].token}` }, body: form });
}
async function added(vendorId: string, fields: Record<string, string>) {
  const res = await upload(vendorId, "buyer", fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return vendorDocument.parse(await res.json());
}

describe("vendor diligence documents", () => {
  it("are kept by buyers, finance and admins only, outside the log, and served as downloads", async () => {
    const v = await register("Documented");
    const content = Buffer.from("%PDF-1.4 W-9 for Documented");
    for (const role of ["requester", "approver"] as const) expect((await upload(v.id, role, { kind: "w9" }, content)).status).toBe(403);
    for (const role of ["buyer", "finance", "admin"] as const) expect((await upload(v.id, role, { kind: "other" }, content)).status).toBe(201);
    const w9 = await added(v.id, { kind: "w9", expires_on: addDays(today, 400) });
    expect(w9).toMatchObject({ vendor_id: v.id, kind: "w9", filename: "w9.pdf", expires_on: addDays(today, 400), uploaded_by: users.buyer.email });

    const listed = await expectCall(t, "GET", `/api/vendors/${v.id}/documents`, { token: users.finance.token, schema: z.array(vendorDocument) });
    expect(listed).toHaveLength(4);
    expect((await t.call("GET", `/api/vendors/${v.id}/documents`, { token: users.requester.token })).statusCode).toBe(403);
    const download = await fetch(`${t.url}${w9.url}`, { headers: { authorization: `Bearer ${users.admin.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="w9.pdf"/);
    expect(
      createHash("sha256")
        .update(Buffer.from(await download.arrayBuffer()))
        .digest("hex"),
    ).toBe(w9.sha256);

    const events = await t.runtime.store.readStream(`vendor-${v.id}`);
    const event = events.find((e) => e.type === "VendorDocumentAdded" && e.data.document_id === w9.id)!;
    expect(event.data).toMatchObject({ kind: "w9", sha256: w9.sha256, expires_on: addDays(today, 400) });
    expect(JSON.stringify(event.data)).not.toContain("W-9 for Documented");

    expect((await t.call("DELETE", `/api/vendors/${v.id}/documents/${w9.id}`, { token: users.requester.token })).statusCode).toBe(403);
    expect((await t.call("DELETE", `/api/vendors/${v.id}/documents/${w9.id}`, { token: users.finance.token })).statusCode).toBe(204);
    expect((await t.call("DELETE", `/api/vendors/${v.id}/documents/${w9.id}`, { token: users.finance.token })).statusCode).toBe(404);
    const history = await expectCall(t, "GET", `/api/vendors/${v.id}/history`, { token: users.buyer.token, schema: vendorHistory });
    expect(history.items.map((entry) => entry.type)).toEqual([
      "registered",
      "document_added",
      "document_added",
      "document_added",
      "document_added",
      "document_removed",
    ]);
    expect(history.items[4]).toMatchObject({ actor_email: users.buyer.email, document: { kind: "w9", filename: "w9.pdf" } });
  });

  it("refuses a bad kind, a bad date, a missing file and an unknown vendor, and keeps nothing of them", async () => {
    const v = await register("Refused");
    const badKind = await upload(v.id, "buyer", { kind: "passport" });
    expect(badKind.status).toBe(400);
    expect(errorBody.parse(await badKind.json()).error.message).toMatch(/Choose a document kind/);
    expect((await upload(v.id, "buyer", { kind: "w9", expires_on: "2030-02-31" })).status).toBe(400);
    const noFile = new FormData();
    noFile.append("kind", "w9");
    const missing = await fetch(`${t.url}/api/vendors/${v.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${users.buyer.token}` },
      body: noFile,
    });
    expect(missing.status).toBe(400);
    expect((await upload("00000000-0000-4000-8000-000000000404", "buyer", { kind: "w9" })).status).toBe(404);
    expect((await t.runtime.store.readStream(`vendor-${v.id}`)).map((e) => e.type)).toEqual(["VendorRegistered"]);
  });

  it("says where each vendor stands against the required kinds, on every day, and filters the list by it", async () => {
    const missing = await register("Missing papers");
    const complete = await register("All papers");
    const expiring = await register("Papers running out");
    const expired = await register("Papers run out");
    await added(missing.id, { kind: "w9" });
    await added(complete.id, { kind: "w9" });
    await added(complete.id, { kind: "insurance", expires_on: addDays(today, 31) });
    await added(expiring.id, { kind: "w9" });
    await added(expiring.id, { kind: "insurance", expires_on: addDays(today, 30) });
    await added(expired.id, { kind: "w9" });
    await added(expired.id, { kind: "insurance", expires_on: addDays(today, -1) });

    expect((await getVendor(missing.id)).diligence).toEqual({ status: "missing", missing: ["insurance"], expired: [], expiring: [] });
    expect((await getVendor(complete.id)).diligence).toEqual({ status: "complete", missing: [], expired: [], expiring: [] });
    expect((await getVendor(expiring.id)).diligence).toEqual({ status: "expiring", missing: [], expired: [], expiring: ["insurance"] });
    expect((await getVendor(expired.id)).diligence).toEqual({ status: "expired", missing: [], expired: ["insurance"], expiring: [] });

    // A renewal beside the lapsed certificate puts the vendor right.
    const renewal = await added(expired.id, { kind: "insurance", expires_on: addDays(today, 365) });
    expect((await getVendor(expired.id)).diligence.status).toBe("complete");
    await expectCall(t, "DELETE", `/api/vendors/${expired.id}/documents/${renewal.id}`, { token: users.buyer.token, status: 204 });

    const named = (status: string) =>
      expectCall(t, "GET", `/api/vendors?q=${stamp}&diligence=${status}`, { token: users.requester.token, schema: z.array(vendor) }).then((list) =>
        list.map((v) => v.id),
      );
    expect(await named("missing")).toEqual(expect.arrayContaining([missing.id]));
    expect(await named("missing")).not.toContain(complete.id);
    expect(await named("complete")).toEqual(expect.arrayContaining([complete.id]));
    expect(await named("complete")).not.toEqual(expect.arrayContaining([missing.id, expiring.id, expired.id]));
    expect(await named("expiring")).toEqual([expiring.id]);
    expect(await named("expired")).toEqual([expired.id]);
    expect((await t.call("GET", "/api/vendors?diligence=fine", { token: users.requester.token })).statusCode).toBe(400);

    // Every figure the list gives is the one each vendor answers.
    for (const status of ["missing", "complete", "expiring", "expired"]) {
      for (const id of await named(status)) expect((await getVendor(id)).diligence.status).toBe(status);
    }
  });

  it("follow the workspace's settings, which only admins change", async () => {
    const v = await register("Contracted");
    await added(v.id, { kind: "contract" });
    expect(await expectCall(t, "GET", "/api/settings/diligence", { token: users.admin.token, schema: diligenceSettings })).toEqual({
      required_kinds: ["w9", "insurance"],
      block_orders: false,
    });
    expect((await t.call("PATCH", "/api/settings/diligence", { token: users.buyer.token, body: { required_kinds: [] } })).statusCode).toBe(403);
    expect((await t.call("PATCH", "/api/settings/diligence", { token: users.admin.token, body: { required_kinds: ["passport"] } })).statusCode).toBe(400);
    expect((await t.call("PATCH", "/api/settings/diligence", { token: users.admin.token, body: {} })).statusCode).toBe(400);
    const changed = await expectCall(t, "PATCH", "/api/settings/diligence", {
      token: users.admin.token,
      body: { required_kinds: ["contract"] },
      schema: diligenceSettings,
    });
    expect(changed).toEqual({ required_kinds: ["contract"], block_orders: false });
    // Every vendor's standing follows the settings as its read model catches up with them.
    await expect.poll(async () => (await getVendor(v.id)).diligence.status).toBe("complete");
    const again = await expectCall(t, "PATCH", "/api/settings/diligence", {
      token: users.admin.token,
      body: { required_kinds: ["contract"] },
      schema: diligenceSettings,
    });
    expect(again).toEqual(changed);
    const settingsEvents = (await t.runtime.store.readStream("diligence-settings")).map((e) => e.type);
    expect(settingsEvents).toEqual(["DiligenceSettingsChanged"]);
    await expectCall(t, "PATCH", "/api/settings/diligence", { token: users.admin.token, body: { required_kinds: ["w9", "insurance"] } });
  });

  it("hold up orders from a vendor without them only when the workspace says so", async () => {
    const lacking = await register("Unvetted");
    const vetted = await register("Vetted");
    await added(vetted.id, { kind: "w9" });
    await added(vetted.id, { kind: "insurance" });
    const order = (vendorId: string) => t.call("POST", "/api/orders", { token: users.buyer.token, body: { vendor_id: vendorId, total: 120, status: "draft" } });
    expect((await order(lacking.id)).statusCode).toBe(201);

    await expectCall(t, "PATCH", "/api/settings/diligence", { token: users.admin.token, body: { block_orders: true } });
    const refused = await order(lacking.id);
    expect(refused.statusCode).toBe(409);
    expect(errorBody.parse(refused.json()).error.message).toBe(
      `${lacking.name} cannot be ordered from until its diligence is complete (missing: W-9, Insurance).`,
    );
    expect((await order(vetted.id)).statusCode).toBe(201);

    await expectCall(t, "PATCH", "/api/settings/diligence", { token: users.admin.token, body: { block_orders: false } });
    expect((await order(lacking.id)).statusCode).toBe(201);
  });

  it("reach the event feed and webhooks as public types, without where the bytes are kept", async () => {
    const v = await register("Fed");
    const document = await added(v.id, { kind: "certificate", expires_on: addDays(today, 90) });
    const entryOf = async () => {
      const feed = await expectCall<{ type: string; data: Record<string, unknown> }[]>(t, "GET", "/api/events?types=vendor.document_added&limit=500", {
        token: users.admin.token,
      });
      return feed.find((e) => e.data.document_id === document.id);
    };
    // A page stops below any transaction still running that could yet commit an earlier event: one may be open a moment.
    await expect.poll(entryOf).toMatchObject({ type: "vendor.document_added", data: { vendor_id: v.id, kind: "certificate", filename: "certificate.pdf" } });
    const entry = await entryOf();
    expect(entry!.data).not.toHaveProperty("storage_key");
  });
});
