import { sql, type Kysely, type Selectable } from "kysely";
import { totalLine, type ListSort, type OrderReceipt, type OrderSortField, type PoFormStatus, type PurchaseOrder } from "@procure/contracts";
import type { Database } from "../tables.ts";
import type { OrdersRow } from "../purchasing/tables.ts";
import { likePattern } from "../purchasing/search.ts";
import { keysetPage, type Keyset, type Page, type SortColumn } from "../lists/keyset.ts";

import { invoicedByLine } from "./order-view.ts";

export { orderView, receiptView } from "./order-view.ts";

/** A row not yet rebuilt with lines is its one line of the total. */
export function toPurchaseOrder(row: Selectable<OrdersRow>): PurchaseOrder {
  const { deleted_at: _deleted, invoiced, ...rest } = row;
  const total = Number(row.total);
  const billed = invoicedByLine(invoiced);
  const lines = (row.lines ?? [totalLine(row.id, total)]).map((line) => ({ ...line, invoiced_quantity: billed[line.id] ?? 0 }));
  return { ...rest, total, lines, status: row.status as PoFormStatus };
}

/** An order's receipts, in the order they were recorded. */
export async function listReceipts(db: Kysely<Database>, orderId: string): Promise<OrderReceipt[]> {
  const rows = await db.selectFrom("rm_order_receipts").selectAll().where("order_id", "=", orderId).orderBy("stream_version").execute();
  return rows.map(({ stream_version: _version, ...row }) => row);
}

export type OrderFilter = {
  q?: string;
  status?: PoFormStatus;
  vendorId?: string;
  requestId?: string;
  /** Only orders neither received nor cancelled whose expected day is before this calendar day. */
  overdueBefore?: string;
  sort: ListSort<OrderSortField>;
  limit: number;
  after?: Keyset;
};

/** What each sortable column orders on; an index on (expression, id) over live orders backs each. */
const orderSortColumns: Record<OrderSortField, SortColumn> = {
  updated_at: { expr: sql`updated_at`, type: "timestamptz" },
  created_at: { expr: sql`created_at`, type: "timestamptz" },
  po_number: { expr: sql`lower(po_number)`, type: "text" },
  vendor_name: { expr: sql`lower(vendor_name)`, type: "text" },
  total: { expr: sql`total`, type: "numeric" },
  status: { expr: sql`status`, type: "text" },
};

/** A page of the live orders a filter matches, in the order it asks for. */
export async function listOrders(db: Kysely<Database>, filter: OrderFilter): Promise<Page<PurchaseOrder>> {
  let query = db.selectFrom("rm_orders").selectAll().where("deleted_at", "is", null);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.vendorId) query = query.where("vendor_id", "=", filter.vendorId);
  if (filter.requestId) query = query.where("request_id", "=", filter.requestId);
  if (filter.overdueBefore) {
    query = query.where("status", "not in", ["received", "cancelled"]).where("expected_date", "<", filter.overdueBefore);
  }
  if (filter.q) {
    const like = likePattern(filter.q);
    query = query.where((eb) => eb.or([eb("po_number", "ilike", like), eb("vendor_name", "ilike", like), eb("notes", "ilike", like)]));
  }
  return keysetPage(query, orderSortColumns, filter.sort, { limit: filter.limit, after: filter.after }, toPurchaseOrder);
}

/** The order's row as stored, a deleted order's tombstone included. */
export async function findOrderRow(db: Kysely<Database>, id: string) {
  return (await db.selectFrom("rm_orders").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function getOrder(db: Kysely<Database>, id: string): Promise<PurchaseOrder | null> {
  const row = await db.selectFrom("rm_orders").selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  return row ? toPurchaseOrder(row) : null;
}

/** The highest sequence among generated numbers of `year` (PO-2026-00042 → 42), 0 when there is none. */
export async function latestPoSequence(db: Kysely<Database>, year: string): Promise<number> {
  const prefix = `PO-${year}-`;
  const { rows } = await sql<{ n: number | null }>`select max(substring(po_key from ${prefix.length + 1})::int) as n
    from rm_po_numbers where po_key ~ ${`^${prefix}[0-9]{5,9}$`}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
