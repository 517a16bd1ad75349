import { sql } from "kysely";
import { cacheKeys, poNumberKey } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import { readersOf } from "../audiences.ts";
import { deletedChanges, nextOrderRow, orderInvoiceEvents, receiptView, savedChanges } from "./order-view.ts";

const touched = (id: string): Touch[] => [{ keys: [cacheKeys.orders(), cacheKeys.order(id)], audience: readersOf("orders") }];

/** The lines column takes JSON text; a save leaves what the order's invoices bill as it was. */
const withLinesAsJson = <T extends { lines: unknown }>({ invoiced: _invoiced, ...row }: T & { invoiced?: unknown }) => ({
  ...row,
  lines: JSON.stringify(row.lines),
});

/**
 * The orders list and detail with each order's lines, the order's receipts, and the register of PO numbers taken.
 * Rows are guarded by stream version; a receipt is its own row, kept once.
 */
export const ordersProjection: Projection = {
  name: "orders",
  // 2: lines on every order (rows saved before lines get their one line of the total) and the receipts.
  // 3: the quantities the order's invoices bill.
  // 4: those quantities per invoice, so a rejected invoice's lines leave them.
  version: 4,
  tables: ["rm_orders", "rm_po_numbers", "rm_order_receipts"],
  handles: ["PurchaseOrderSaved", "PurchaseOrderDeleted", "PoNumberReserved", "PurchaseOrderReceived", ...orderInvoiceEvents],
  apply: oneAtATime(async (db, event) => {
    switch (event.type) {
      case "PurchaseOrderReceived": {
        const receipt = receiptView(event);
        await db
          .insertInto("rm_order_receipts")
          .values({ ...receipt, lines: JSON.stringify(receipt.lines), stream_version: event.stream_version })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        // The order's save that follows in the same append touches the order's keys, receipts included.
        return;
      }
      case "PoNumberReserved": {
        const d = event.data;
        await db
          .insertInto("rm_po_numbers")
          .values({ po_key: poNumberKey(d.po_number), po_number: d.po_number, order_id: d.order_id })
          .onConflict((oc) => oc.column("po_key").doNothing())
          .execute();
        return;
      }
      case "PurchaseOrderSaved": {
        // The same fold the API answers with before this row catches up (`orderView`).
        const saved = await db
          .insertInto("rm_orders")
          .values(withLinesAsJson(nextOrderRow(null, event)!))
          .onConflict((oc) =>
            oc
              .column("id")
              .doUpdateSet(withLinesAsJson(savedChanges(event)))
              .where(sql.ref("rm_orders.version"), "<", event.stream_version),
          )
          .returning("id")
          .executeTakeFirst();
        return saved ? touched(event.data.order_id) : undefined;
      }
      case "PurchaseOrderDeleted": {
        const { order_id } = event.data;
        const deleted = await db
          .updateTable("rm_orders")
          .set(deletedChanges(event))
          .where("id", "=", order_id)
          .where("version", "<", event.stream_version)
          .returning("id")
          .executeTakeFirst();
        return deleted ? touched(order_id) : undefined;
      }
      case "InvoiceRecorded":
      case "InvoiceMatched":
      case "InvoiceApproved":
      case "InvoicePaid":
      case "InvoiceDisputed":
      case "InvoiceDisputeResolved":
      case "InvoiceRejected": {
        const before = await db.selectFrom("rm_orders").selectAll().where("id", "=", event.data.order_id).executeTakeFirst();
        if (!before || before.version >= event.stream_version) return;
        const after = nextOrderRow(before, event)!;
        await db
          .updateTable("rm_orders")
          .set({ invoiced: after.invoiced === null ? null : JSON.stringify(after.invoiced), version: after.version })
          .where("id", "=", before.id)
          .where("version", "<", event.stream_version)
          .execute();
        return touched(event.data.order_id);
      }
      default:
        return;
    }
  }),
};
