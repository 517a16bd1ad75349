import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { dashboard, purchaseOrder } from "@procure/contracts";
import { ORIGIN } from "@procure/eventstore";
import { allProjections, ProjectionGroups, projectionGroups, type Projection } from "@procure/projections";
import { purchasingProjections } from "@procure/projections/purchasing";
import { snapshotReadModels } from "@procure/infra/testing/read-model-snapshot";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { buildScenario } from "@procure/infra/testing/scenario";
import { fileVendorDiligence } from "@procure/infra/testing/vendor-diligence";
import { recordInvoices } from "@procure/infra/testing/invoices";
import { fileBudgets } from "@procure/infra/testing/budgets";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  // Drives the relay, projections or webhooks itself: they stay on the test's thread.
  t = await startTestApp("purchasing-rebuild", { BACKGROUND_THREAD: "false" });
  users = await createUsers(t);
  await buildScenario(t, users);
  await receivedInPart();
  await fileVendorDiligence(t, users.admin.token);
  await recordInvoices(t, users.admin.token);
  await fileBudgets(t, { requester: users.requester.token, approver: users.approver.token, buyer: users.buyer.token, admin: users.admin.token });
});

/** An order of two lines with one received in part, so the lines and receipts are rebuilt too. */
async function receivedInPart() {
  const body = {
    vendor_name: "Office Supply Co",
    status: "issued",
    lines: [
      { description: "Desk", quantity: 3, unit_price: 120 },
      { description: "Lamp", quantity: 2, unit_price: 35.5 },
    ],
  };
  const order = await expectCall(t, "POST", "/api/orders", { token: users.buyer.token, body, status: 201, schema: purchaseOrder });
  await expectCall(t, "POST", `/api/orders/${order.id}/receipts`, {
    token: users.buyer.token,
    body: { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] },
    status: 201,
  });
}
afterAll(async () => {
  await t?.stop();
});

/** Every purchasing read-model row, the inbox counter this feature writes, and the dashboard without its clock. */
async function state() {
  const counter = await sql<{ value: string }>`select value::text from rm_counters where name = 'orders:open'`.execute(t.runtime.db);
  const { generatedAt: _at, ...board } = await expectCall(t, "GET", "/api/dashboard", { token: users.admin.token, schema: dashboard });
  return { rows: await snapshotReadModels(t.runtime.db, purchasingProjections), openOrders: counter.rows[0]?.value, board };
}

describe("purchasing projections", () => {
  it("give the same rows when each is rebuilt alone, and when all are rebuilt, as on the live path", async () => {
    const live = await state();
    expect(live.openOrders).toBe(String(live.board.kpis.openPurchaseOrders));
    expect(Object.values(live.rows).every((rows) => rows.length > 0)).toBe(true);
    for (const projection of purchasingProjections) {
      await t.runtime.runner!.rebuild(projection.name);
      expect(await state(), projection.name).toEqual(live);
    }
    await t.runtime.runner!.rebuild();
    expect(await state()).toEqual(live);
  });

  it("give every read model's rows again when all are rebuilt in batches of three, each projection at its own pace", async () => {
    const live = await snapshotReadModels(t.runtime.db, allProjections);
    expect(Object.values(live).filter((rows) => rows.length > 0).length).toBeGreaterThan(10);
    await new ProjectionGroups(t.runtime.db, t.runtime.store, null, projectionGroups, { rebuildBatchSize: 3, replayConnections: 3 }).rebuild();
    expect(await snapshotReadModels(t.runtime.db, allProjections)).toEqual(live);
  });

  it("find each request's newest timeline row by an index while a rebuild has dropped the secondary ones", async () => {
    const plans: string[] = [];
    const watched = (projection: Projection): Projection =>
      projection.name !== "request-audit"
        ? projection
        : {
            ...projection,
            apply: async (db, events, context) => {
              const ids = events.map((e) => (e.data as { request_id: string }).request_id);
              // The planner would scan a table this small whatever its indexes; the question is whether one serves.
              await sql`set local enable_seqscan = off`.execute(db);
              const { rows } = await sql<{ "QUERY PLAN": string }>`explain select distinct on (request_id) request_id, to_status
                from rm_request_audit where request_id = any(${ids}::uuid[]) order by request_id, stream_version desc`.execute(db);
              plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
              return projection.apply(db, events, context);
            },
          };
    const groups = projectionGroups.map((group) => ({ name: group.name, projections: group.projections.map(watched) }));
    const live = await snapshotReadModels(t.runtime.db, allProjections);
    await new ProjectionGroups(t.runtime.db, t.runtime.store, null, groups, { rebuildBatchSize: 5 }).rebuild();
    expect(plans.length).toBeGreaterThan(3);
    for (const plan of plans) expect(plan).toMatch(/Index Cond: \(request_id = ANY/);
    expect(await snapshotReadModels(t.runtime.db, allProjections)).toEqual(live);
  });

  it("change nothing when every event is applied a second time", async () => {
    const before = await state();
    const log = await t.runtime.store.readAll(ORIGIN, 100_000);
    for (const projection of purchasingProjections) {
      const handled = log.filter((e) => projection.handles.includes(e.type));
      expect(handled.length, projection.name).toBeGreaterThan(0);
      await t.runtime.db.transaction().execute(async (trx) => {
        await projection.apply(trx, handled);
      });
    }
    expect(await state()).toEqual(before);
  });
});
