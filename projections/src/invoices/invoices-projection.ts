import type { Kysely } from "kysely";
import { cacheKeys, totalLine, type StoredEvent } from "@procure/contracts";
import type { Projection, Touch } from "../projection.ts";
import { readersOf } from "../audiences.ts";
import type { Database } from "../tables.ts";
import { invoiceMoves, movedChanges, recordedRow, rematch, type InvoiceRow } from "./invoice-view.ts";
import "./tables.ts";

const invoicesTouched = (ids: readonly string[]): Touch => ({
  keys: [cacheKeys.invoices(), ...ids.map((id) => cacheKeys.invoice(id))],
  audience: readersOf("invoices"),
});

const asJson = (row: InvoiceRow) => ({ ...row, recorded_lines: JSON.stringify(row.recorded_lines), lines: JSON.stringify(row.lines) });

/**
 * Matches every invoice of these orders again against the orders' lines as the orders projection now has them, so
 * a receipt or an edit of the order moves its invoices' match with no event on the invoices themselves.
 */
async function rematchOrders(db: Kysely<Database>, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.selectFrom("rm_invoices").selectAll().where("order_id", "in", orderIds).orderBy("recorded_version").execute();
  if (rows.length === 0) return [];
  const orders = await db.selectFrom("rm_orders").select(["id", "lines", "total"]).where("id", "in", orderIds).execute();
  const linesOf = new Map(orders.map((order) => [order.id, order.lines ?? [totalLine(order.id, Number(order.total))]]));
  const changed: string[] = [];
  for (const orderId of new Set(rows.map((row) => row.order_id))) {
    const before = rows.filter((row) => row.order_id === orderId);
    for (const [index, row] of rematch(linesOf.get(orderId) ?? [], before).entries()) {
      if (row.match === before[index]!.match && JSON.stringify(row.lines) === JSON.stringify(before[index]!.lines)) continue;
      await db
        .updateTable("rm_invoices")
        .set({ match: row.match, lines: JSON.stringify(row.lines) })
        .where("id", "=", row.id)
        .execute();
      changed.push(row.id);
    }
  }
  return changed;
}

async function applyOne(db: Kysely<Database>, event: StoredEvent): Promise<{ orderId?: string; invoiceId?: string; settings?: boolean }> {
  switch (event.type) {
    case "InvoiceRecorded":
      await db
        .insertInto("rm_invoices")
        .values(asJson(recordedRow(event)))
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return { orderId: event.data.order_id, invoiceId: event.data.invoice_id };
    case "InvoiceApproved":
    case "InvoicePaid":
    case "InvoiceDisputed":
    case "InvoiceDisputeResolved":
    case "InvoiceRejected":
      await db
        .updateTable("rm_invoices")
        .set(movedChanges(event))
        .where("id", "=", event.data.invoice_id)
        .where("version", "<", event.stream_version)
        .execute();
      // A rejected invoice no longer bills its lines, which may change the match of the order's later invoices.
      return event.type === "InvoiceRejected" ? { orderId: event.data.order_id, invoiceId: event.data.invoice_id } : { invoiceId: event.data.invoice_id };
    case "PurchaseOrderSaved":
      return { orderId: event.data.order_id };
    case "MatchingSettingsChanged": {
      const values = { tolerance_percent: event.data.tolerance_percent };
      await db
        .insertInto("rm_matching_settings")
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      return { settings: true };
    }
    default:
      return {};
  }
}

/**
 * Invoices with their three-way match, and the workspace's matching tolerance. An invoice's match is a function of
 * its order's lines and the order's invoices before it, so it is set again, at the end of each batch, for every
 * order the batch saved or invoiced: a rebuild ends where the live projection is.
 */
export const invoicesProjection: Projection = {
  name: "invoices",
  // 2: a rejected invoice bills nothing in the match of the invoices after it.
  version: 2,
  tables: ["rm_invoices", "rm_matching_settings"],
  handles: ["InvoiceRecorded", ...invoiceMoves, "PurchaseOrderSaved", "MatchingSettingsChanged"],
  reads: ["orders"],
  apply: async (db, events, context) => {
    const orders = new Set<string>();
    const invoices = new Set<string>();
    let settings = false;
    for (const event of events) {
      const touched = await applyOne(db, event);
      if (touched.orderId) orders.add(touched.orderId);
      if (touched.invoiceId) invoices.add(touched.invoiceId);
      settings ||= touched.settings ?? false;
    }
    await context?.flush?.();
    for (const id of await rematchOrders(db, [...orders])) invoices.add(id);
    const touches: Touch[] = invoices.size > 0 ? [invoicesTouched([...invoices])] : [];
    if (settings) touches.push({ keys: [cacheKeys.matchingSettings()], audience: readersOf("settings") });
    return touches;
  },
};
