import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { addDays, can, inboxCounts, roles, vendor, type NewEvent, type Role, type VendorDocumentKind } from "@procure/contracts";
import type { StreamAppend } from "@procure/eventstore";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  t = await startTestApp("inbox-vendor-attention");
  users = await createUsers(t);
});
afterAll(async () => t?.stop());

const today = new Date().toISOString().slice(0, 10);
const inbox = async (role: Role) => inboxCounts.parse((await t.call("GET", "/api/inbox", { token: users[role].token })).json());

type Doc = { kind: VendorDocumentKind; expires_on: string | null };
/** A vendor's stream with the documents given, as the commands would write it (names need no reservation here). */
function vendorStream(n: number, docs: Doc[], status: "active" | "blocked" = "active"): StreamAppend {
  const vendor_id = randomUUID();
  const events: NewEvent[] = [
    { type: "VendorRegistered", data: { vendor_id, name: `Bulk vendor ${n}`, status, risk: "low", website: null, notes: null, renewal_date: null } },
    ...docs.map((doc): NewEvent => ({
      type: "VendorDocumentAdded",
      data: {
        vendor_id,
        document_id: randomUUID(),
        filename: `${doc.kind}.pdf`,
        content_type: "application/pdf",
        size: 1,
        sha256: "0".repeat(64),
        storage_key: `bulk/${n}`,
        ...doc,
      },
    })),
  ];
  return { streamType: "vendor", streamId: `vendor-${vendor_id}`, expectedVersion: 0, events };
}

/** Thousands of vendors, appended a few hundred streams at a time. */
async function seed(groups: { count: number; docs: Doc[]; status?: "active" | "blocked" }[]) {
  const streams = groups.flatMap((g, gi) => Array.from({ length: g.count }, (_, i) => vendorStream(gi * 10_000 + i, g.docs, g.status)));
  const metadata = { actor_id: users.buyer.id, actor_role: "buyer" as const, actor_email: users.buyer.email, correlation_id: randomUUID() };
  for (let i = 0; i < streams.length; i += 250) {
    await t.runtime.store.append(streams.slice(i, i + 250), { metadata, recordedAt: new Date().toISOString() });
  }
}

describe("the inbox's count of vendors needing attention", () => {
  it("counts every active vendor by diligence in SQL, for those who keep vendor documents only", async () => {
    const w9: Doc = { kind: "w9", expires_on: null };
    await seed([
      { count: 1_200, docs: [w9, { kind: "insurance", expires_on: addDays(today, 400) }] },
      { count: 900, docs: [w9] },
      { count: 600, docs: [w9, { kind: "insurance", expires_on: addDays(today, -1) }] },
      // An older insurance that ran out does not count against a newer one that has not.
      { count: 300, docs: [w9, { kind: "insurance", expires_on: addDays(today, -100) }, { kind: "insurance", expires_on: addDays(today, 10) }] },
      { count: 150, docs: [], status: "blocked" },
    ]);
    const expected = { missing: 900, expired: 600, expiring: 300 };
    await expect.poll(async () => (await inbox("buyer")).vendor_diligence, { timeout: 60_000, interval: 250 }).toEqual(expected);

    for (const role of roles) {
      const counts = await inbox(role);
      expect(counts.vendor_diligence ?? null).toEqual(can(role, "vendor-documents:write") ? expected : null);
    }
    // Not in the badge: it counts what waits on a decision or an order.
    expect((await inbox("buyer")).badge).toBe(0);

    // A vendor registered through the product is missing its documents until they are filed.
    await expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body: { name: `Fresh ${Date.now()}` }, status: 201, schema: vendor });
    await expect.poll(async () => (await inbox("finance")).vendor_diligence, { timeout: 10_000 }).toEqual({ ...expected, missing: 901 });

    // Requiring only W-9s leaves every active vendor complete.
    await expectCall(t, "PATCH", "/api/settings/diligence", { token: users.admin.token, body: { required_kinds: ["w9"] } });
    await expect.poll(async () => (await inbox("admin")).vendor_diligence, { timeout: 10_000 }).toEqual({ missing: 1, expired: 0, expiring: 0 });
  }, 120_000);
});
