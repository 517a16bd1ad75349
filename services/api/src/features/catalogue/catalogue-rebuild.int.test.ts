import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { StoredEvent } from "@procure/contracts";
import { comparePositions, ORIGIN, positionOf } from "@procure/eventstore";
import { catalogueProjections } from "@procure/projections/catalogue";
import { InjectClient } from "@procure/infra/seed/api-client";
import { seedCatalogue } from "@procure/infra/seed/demo-catalogue";
import { snapshotReadModels } from "@procure/infra/testing/read-model-snapshot";
import { caller, useTestApp } from "@procure/infra/testing/catalogue-kit";

// Drives the relay, projections or webhooks itself: they stay on the test's thread.
const ctx = useTestApp("catalogue_rebuild", { BACKGROUND_THREAD: "false" });
const call = caller(ctx);
let live: Record<string, unknown[]>;

/** The whole log in log order, sorted and de-duplicated here so the check does not lean on the reader it checks. */
async function wholeLog(): Promise<StoredEvent[]> {
  const byId = new Map<string, StoredEvent>();
  for (let batch = await ctx.t.runtime.store.readAll(ORIGIN); batch.length > 0;) {
    for (const event of batch) byId.set(event.event_id, event);
    const last = batch.reduce((max, e) => (comparePositions(positionOf(e), positionOf(max)) > 0 ? e : max));
    batch = await ctx.t.runtime.store.readAll(positionOf(last));
  }
  return [...byId.values()].sort((a, b) => comparePositions(positionOf(a), positionOf(b)));
}

/** Applies the log to this feature's projections directly, in one transaction. */
async function replay(events: StoredEvent[], { truncate }: { truncate: boolean }) {
  await ctx.t.runtime.db.transaction().execute(async (trx) => {
    for (const projection of catalogueProjections) {
      if (truncate) for (const table of projection.tables) await sql`delete from ${sql.table(table)}`.execute(trx);
      const handled = events.filter((event) => projection.handles.includes(event.type));
      if (handled.length > 0) await projection.apply(trx, handled);
    }
  });
}

beforeAll(async () => {
  const tokens = Object.fromEntries(Object.entries(ctx.users).map(([role, user]) => [role, user.token])) as Parameters<typeof seedCatalogue>[1];
  const categories = await seedCatalogue(new InjectClient(ctx.t.app), tokens);
  for (const [i, amount] of [250, 12_500, 4_000].entries()) {
    const request = (await call("POST", "/api/requests", "requester", { title: `R${i}`, amount, category_id: categories[i] })).json();
    await call("POST", `/api/requests/${request.id}/${i === 2 ? "deny" : "approve"}`, "approver", i === 2 ? { comment: "Not this quarter" } : {});
  }
  await call("POST", "/api/vendors", "buyer", { name: "Renewing vendor", renewal_date: "2030-01-01" });
  await call("PATCH", `/api/categories/${categories[0]}`, "buyer", { name: "Renamed" });
  await call("DELETE", `/api/categories/${categories[1]}`, "buyer");
  live = await snapshotReadModels(ctx.t.runtime.db, catalogueProjections);
});

describe("catalogue, rule, work-order and landing projections", () => {
  it("fill every table on the live path", () => {
    for (const [table, rows] of Object.entries(live)) expect(rows.length, table).toBeGreaterThan(0);
  });

  it("give the live rows again when the log is replayed into empty tables, and again when replayed twice", async () => {
    const events = await wholeLog();
    await replay(events, { truncate: true });
    expect(await snapshotReadModels(ctx.t.runtime.db, catalogueProjections)).toEqual(live);
    await replay(events, { truncate: false });
    expect(await snapshotReadModels(ctx.t.runtime.db, catalogueProjections)).toEqual(live);
  });

  it("give the live rows again after runner.rebuild()", async () => {
    for (const projection of catalogueProjections) await ctx.t.runtime.runner!.rebuild(projection.name);
    expect(await snapshotReadModels(ctx.t.runtime.db, catalogueProjections)).toEqual(live);
  });
});
