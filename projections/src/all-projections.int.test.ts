import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles, rolesThatCan, type Invalidation, type StoredEvent } from "@procure/contracts";
import { ORIGIN, positionOf } from "@procure/eventstore";
import { InjectClient } from "@procure/infra/seed/api-client";
import { seedCatalogue } from "@procure/infra/seed/demo-catalogue";
import { expectCall } from "@procure/infra/testing/http";
import { fileVendorDiligence } from "@procure/infra/testing/vendor-diligence";
import { recordInvoices } from "@procure/infra/testing/invoices";
import { fileBudgets } from "@procure/infra/testing/budgets";
import { snapshotReadModels } from "@procure/infra/testing/read-model-snapshot";
import { buildScenario } from "@procure/infra/testing/scenario";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { allProjections } from "./all-projections.ts";
import { readPermissions } from "./audiences.ts";
import { WriteBatch } from "./runner/write-batch.ts";

let t: TestApp;
let log: StoredEvent[];
let live: Record<string, unknown[]>;
/** What the projections told the live hub as they applied the workspace's events. */
const invalidations: Invalidation[] = [];

/**
 * What the scenario and the catalogue's demo leave out: a comment, a file, a decision taken back, vendor documents
 * and diligence settings, invoices (one with its document), budgets with what they count, and a webhook endpoint's
 * whole life.
 */
async function extras(users: Record<"requester" | "approver" | "buyer" | "admin", TestUser>) {
  const request = await expectCall<{ id: string }>(t, "POST", "/api/requests", {
    token: users.requester.token,
    body: { title: "Extras", amount: 10 },
    status: 201,
  });
  await expectCall(t, "POST", `/api/requests/${request.id}/comments`, { token: users.approver.token, body: { body: "Which model?" }, status: 201 });
  const form = new FormData();
  form.append("file", new Blob([Buffer.from("%PDF-1.4 quote")], { type: "application/pdf" }), "quote.pdf");
  const upload = await fetch(`${t.url}/api/requests/${request.id}/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${users.requester.token}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  // A denial taken back at once: the request waits again.
  await expectCall(t, "POST", `/api/requests/${request.id}/deny`, { token: users.approver.token, body: { comment: "Wrong one" } });
  await expectCall(t, "POST", `/api/requests/${request.id}/decision/withdraw`, { token: users.approver.token });
  await fileVendorDiligence(t, users.admin.token);
  await recordInvoices(t, users.admin.token);
  await fileBudgets(t, { requester: users.requester.token, approver: users.approver.token, buyer: users.buyer.token, admin: users.admin.token });
  const endpoint = { url: "http://127.0.0.1:9/never", event_types: ["vendor.registered"], enabled: false };
  for (const last of ["kept", "deleted"]) {
    const created = await expectCall<{ id: string }>(t, "POST", "/api/webhooks", { token: users.admin.token, body: endpoint, status: 201 });
    await expectCall(t, "PATCH", `/api/webhooks/${created.id}`, { token: users.admin.token, body: { description: last } });
    await expectCall(t, "POST", `/api/webhooks/${created.id}/rotate-secret`, { token: users.admin.token });
    if (last === "deleted") await expectCall(t, "DELETE", `/api/webhooks/${created.id}`, { token: users.admin.token, status: 204 });
  }
}

beforeAll(async () => {
  // Drives the relay, projections or webhooks itself: they stay on the test's thread.
  t = await startTestApp("all-projections", { WEBHOOKS_ALLOW_PRIVATE_URLS: "true", BACKGROUND_THREAD: "false" });
  t.runtime.bus.onInvalidation((invalidation) => invalidations.push(invalidation));
  const users = await createUsers(t);
  await buildScenario(t, users);
  await seedCatalogue(new InjectClient(t.app), Object.fromEntries(Object.entries(users).map(([role, user]) => [role, user.token])) as never);
  await extras(users);
  const head = await t.runtime.store.headPosition();
  expect(await t.runtime.runner!.waitFor(head, 30_000)).toBe(true);
  log = await t.runtime.store.readAll(ORIGIN, 1_000_000);
  live = await snapshotReadModels(t.runtime.db, allProjections);
}, 120_000);
afterAll(async () => t?.stop());

describe("every projection", () => {
  it("has events in the log to apply", () => {
    const handled = (projection: (typeof allProjections)[number]) => log.some((event) => projection.handles.includes(event.type));
    expect(allProjections.filter((projection) => !handled(projection)).map((projection) => projection.name)).toEqual([]);
  });

  it("changes nothing when the whole log is applied again on top of what it holds", async () => {
    // In the runner's batches and list order, with its held writes; only without the promise that no row reflects the batch yet.
    for (let start = 0; start < log.length; start += 500) {
      const batch = log.slice(start, start + 500);
      await t.runtime.db.transaction().execute(async (trx) => {
        const writes = new WriteBatch(trx);
        for (const projection of allProjections) {
          const mine = batch.filter((event) => projection.handles.includes(event.type));
          if (mine.length > 0) await projection.apply(trx, mine, { once: false, touches: true, later: writes.later, flush: writes.flush });
        }
        await writes.flush();
      });
    }
    expect(await snapshotReadModels(t.runtime.db, allProjections)).toEqual(live);
  });

  it("tells of each change the roles that may read the read model it changed, and no others", async () => {
    const told = () => new Set(invalidations.flatMap((invalidation) => invalidation.keys.map((key) => key[0]!)));
    const deadline = Date.now() + 10_000;
    while (Object.keys(readPermissions).some((key) => !told().has(key)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect([...told()]).toEqual(expect.arrayContaining(Object.keys(readPermissions)));
    for (const { keys, audience } of invalidations) {
      const heard = audience.everyone ? [...roles] : [...(audience.roles ?? [])];
      for (const key of keys) {
        const permission = readPermissions[key[0] as keyof typeof readPermissions];
        if (permission) expect(heard.sort(), key.join("/")).toEqual(rolesThatCan(permission).sort());
      }
    }
  });

  it("gives the live rows again when rebuilt from an empty read model", async () => {
    await t.runtime.runner!.rebuild();
    expect(t.runtime.runner!.position).toEqual(positionOf(log.at(-1)!));
    expect(await snapshotReadModels(t.runtime.db, allProjections)).toEqual(live);
  });
});
