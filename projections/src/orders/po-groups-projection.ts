import { sql, type Kysely } from "kysely";
import { awaitingReceiptAmount, cacheKeys, orderLinesOf, poGroupOf, type StoredEvent } from "@procure/contracts";
import { counterNames } from "../inbox/counters.ts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import type { Database } from "../tables.ts";
import { tally } from "../dashboard/tally.ts";

const touched: Touch[] = [{ keys: [cacheKeys.dashboard(), cacheKeys.inbox()], audience: { everyone: true } }];
/** A deleted order keeps its row (so replays stay harmless) in a group no figure counts. */
export const deletedGroup = "deleted";
/**
 * Beside the four groups, the same table keeps the value still to be received of issued and receiving orders, from
 * their lines as receipts left them (drafts and issued orders share a group, so the groups cannot tell it).
 */
export const awaitingReceiptTotal = "awaiting:receipt";
const awaitsReceipt = (status: string) => status === "issued" || status === "receiving";

/**
 * The purchase-order groups of the spec (open, receiving, closed, cancelled): counts and amounts per group, plus each
 * order's expected date for the due and late figures, which depend on the clock and are counted when read.
 */
export const poGroupsProjection: Projection = {
  name: "po-groups",
  version: 3,
  tables: ["rm_po_group_orders", "rm_po_group_totals"],
  handles: ["PurchaseOrderSaved", "PurchaseOrderDeleted"],
  apply: oneAtATime(async (db, event) => {
    const e = event as StoredEvent<"PurchaseOrderSaved" | "PurchaseOrderDeleted">;
    const id = e.data.order_id;
    const before = await db
      .selectFrom("rm_po_group_orders")
      .select(["grp", "status", "total", "awaiting", "version"])
      .where("order_id", "=", id)
      .executeTakeFirst();
    if (before && before.version >= e.stream_version) return;
    if (before && before.grp !== deletedGroup) {
      await tally(db, "rm_po_group_totals", { grp: before.grp }, { count: -1, amount: -Number(before.total) });
      if (Number(before.awaiting) !== 0) await tally(db, "rm_po_group_totals", { grp: awaitingReceiptTotal }, { count: -1, amount: -Number(before.awaiting) });
    }
    const row =
      e.type === "PurchaseOrderSaved"
        ? {
            grp: poGroupOf(e.data.status),
            status: e.data.status,
            total: e.data.total,
            awaiting: awaitsReceipt(e.data.status) ? awaitingReceiptAmount(orderLinesOf(e.data)) : 0,
            expected_date: e.data.expected_date,
          }
        : { grp: deletedGroup, status: null, total: 0, awaiting: 0, expected_date: null };
    await db
      .insertInto("rm_po_group_orders")
      .values({ order_id: id, ...row, version: e.stream_version })
      .onConflict((oc) => oc.column("order_id").doUpdateSet({ ...row, version: e.stream_version }))
      .execute();
    if (row.grp !== deletedGroup) {
      await tally(db, "rm_po_group_totals", { grp: row.grp }, { count: 1, amount: row.total });
      if (row.awaiting !== 0) await tally(db, "rm_po_group_totals", { grp: awaitingReceiptTotal }, { count: 1, amount: row.awaiting });
    }
    await syncOpenOrdersCounter(db);
    return touched;
  }),
};

/**
 * The inbox's open-orders counter is written as an absolute value from this projection's own totals rather than
 * bumped by deltas: a rebuild of this projection then rewrites it instead of counting every order twice.
 */
async function syncOpenOrdersCounter(db: Kysely<Database>) {
  await sql`insert into rm_counters (name, value)
    select ${counterNames.openOrders}, coalesce(sum(count), 0) from rm_po_group_totals where grp in ('open', 'receiving')
    on conflict (name) do update set value = excluded.value`.execute(db);
}
