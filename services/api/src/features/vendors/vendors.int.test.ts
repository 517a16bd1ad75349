import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody, purchaseRequest, vendor, vendorHistory, vendorNameMessage, type Vendor } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("vendors");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const register = (body: object, token = users.buyer.token) => expectCall(t, "POST", "/api/vendors", { token, body, status: 201, schema: vendor });
const list = (query = "") => expectCall(t, "GET", `/api/vendors${query}`, { token: users.requester.token, schema: z.array(vendor) });
const streamTypes = async (id: string) => (await t.runtime.store.readStream(`vendor-${id}`)).map((e) => e.type);

describe("vendors", () => {
  let acme: Vendor;

  it("registers a vendor with defaults, blanks as null, and refuses a taken name or a blank one", async () => {
    acme = await register({ name: " Acme Tools ", website: "", notes: "  ", renewal_date: "2030-06-30" });
    expect(acme).toMatchObject({ name: "Acme Tools", status: "active", risk: "medium", website: null, notes: null, renewal_date: "2030-06-30" });
    const taken = await t.call("POST", "/api/vendors", { token: users.admin.token, body: { name: "ACME   tools" } });
    expect(taken.statusCode).toBe(409);
    expect(errorBody.parse(taken.json()).error.message).toBe("A vendor named ACME   tools already exists.");
    const blank = await t.call("POST", "/api/vendors", { token: users.admin.token, body: { name: " " } });
    expect(blank.statusCode).toBe(400);
    expect(errorBody.parse(blank.json()).error.message).toBe(vendorNameMessage);
    const badRisk = await t.call("POST", "/api/vendors", { token: users.admin.token, body: { name: "Risky", risk: "extreme" } });
    expect(badRisk.statusCode).toBe(400);
  });

  it("saves notes and risk, and blocks and unblocks with events of their own", async () => {
    const saved = await expectCall(t, "PATCH", `/api/vendors/${acme.id}`, {
      token: users.buyer.token,
      body: { notes: "Quality issues on the last batch", risk: "High", status: "blocked" },
      schema: vendor,
    });
    expect(saved).toMatchObject({ notes: "Quality issues on the last batch", risk: "high", status: "blocked" });
    expect(await streamTypes(acme.id)).toEqual(["VendorRegistered", "VendorUpdated", "VendorBlocked"]);
    const again = await expectCall(t, "PATCH", `/api/vendors/${acme.id}`, { token: users.admin.token, body: { status: "blocked" }, schema: vendor });
    expect(again.updated_at).toBe(saved.updated_at);
    const unblocked = await expectCall(t, "PATCH", `/api/vendors/${acme.id}`, { token: users.admin.token, body: { status: "active" }, schema: vendor });
    expect(unblocked).toMatchObject({ status: "active", notes: "Quality issues on the last batch" });
    expect(await streamTypes(acme.id)).toEqual(["VendorRegistered", "VendorUpdated", "VendorBlocked", "VendorUnblocked"]);
  });

  it("tells who blocked and unblocked a vendor, and when, to anyone who may read vendors", async () => {
    const history = await expectCall(t, "GET", `/api/vendors/${acme.id}/history`, { token: users.requester.token, schema: vendorHistory });
    expect(history.items.map((entry) => [entry.type, entry.actor_email])).toEqual([
      ["registered", users.buyer.email],
      ["updated", users.buyer.email],
      ["blocked", users.buyer.email],
      ["unblocked", users.admin.email],
    ]);
    expect(history.items[1]!.changes).toEqual(expect.arrayContaining(["notes", "risk"]));
    const unknown = await t.call("GET", "/api/vendors/00000000-0000-4000-8000-000000000000/history", { token: users.requester.token });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists by name with q, status and risk filters, and pages with a Link header", async () => {
    await register({ name: "Bolt & Nut Co", risk: "low" });
    const zed = await register({ name: "zed Logistics", risk: "high", notes: "Cold chain" });
    await expectCall(t, "PATCH", `/api/vendors/${zed.id}`, { token: users.admin.token, body: { status: "blocked" } });
    expect((await list()).map((v) => v.name)).toEqual(["Acme Tools", "Bolt & Nut Co", "zed Logistics"]);
    expect((await list("?status=blocked")).map((v) => v.name)).toEqual(["zed Logistics"]);
    expect((await list("?risk=high&status=active")).map((v) => v.name)).toEqual(["Acme Tools"]);
    expect((await list("?q=cold")).map((v) => v.name)).toEqual(["zed Logistics"]);
    expect((await list("?q=100%25")).length).toBe(0);
    const page = await t.call("GET", "/api/vendors?limit=2", { token: users.requester.token });
    const link = String(page.headers.link);
    const rest = await expectCall(t, "GET", link.slice(1, link.indexOf(">")), { token: users.requester.token, schema: z.array(vendor) });
    expect(rest.map((v) => v.name)).toEqual(["zed Logistics"]);
  });

  it("shows one vendor, 404 for an unknown one", async () => {
    expect(await expectCall(t, "GET", `/api/vendors/${acme.id}`, { token: users.approver.token, schema: vendor })).toMatchObject({ name: "Acme Tools" });
    const missing = await t.call("GET", "/api/vendors/00000000-0000-4000-8000-000000000000", { token: users.buyer.token });
    expect(missing.statusCode).toBe(404);
    expect(errorBody.parse(missing.json()).error.message).toBe("Vendor not found.");
    const patchMissing = await t.call("PATCH", "/api/vendors/00000000-0000-4000-8000-000000000000", { token: users.buyer.token, body: { notes: "x" } });
    expect(patchMissing.statusCode).toBe(404);
  });

  it("gives new requests the vendor's name and refuses a blocked vendor", async () => {
    const request = await expectCall(t, "POST", "/api/requests", {
      token: users.requester.token,
      body: { title: "Drill bits", amount: 30, vendor_id: acme.id },
      status: 201,
      schema: purchaseRequest,
    });
    expect(request.vendor_name).toBe("Acme Tools");
    const blocked = (await list("?status=blocked"))[0]!;
    const refused = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Pallets", amount: 30, vendor_id: blocked.id } });
    expect(refused.statusCode).toBe(409);
    expect(errorBody.parse(refused.json()).error.message).toMatch(/zed Logistics is blocked/);
  });
});
