import { sql, type Kysely } from "kysely";
import { defaultMatchingSettings, type Invoice, type InvoiceMatchState, type InvoiceStatus, type MatchingSettings } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { keysetPage, type Keyset, type Page, type SortColumn } from "../lists/keyset.ts";
import { likePattern } from "../purchasing/search.ts";
import { toInvoice } from "./invoice-view.ts";
import "./tables.ts";

export { orderInvoicesView, toInvoice } from "./invoice-view.ts";

export async function getMatchingSettings(db: Kysely<Database>): Promise<MatchingSettings> {
  const row = await db.selectFrom("rm_matching_settings").select("tolerance_percent").where("id", "=", 1).executeTakeFirst();
  return row ? { tolerance_percent: row.tolerance_percent } : defaultMatchingSettings;
}

export async function getInvoice(db: Kysely<Database>, id: string): Promise<Invoice | null> {
  const row = await db.selectFrom("rm_invoices").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toInvoice(row) : null;
}

/** The order an invoice was recorded on; it never changes, so the read model may say it. */
export async function orderOfInvoice(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom("rm_invoices").select("order_id").where("id", "=", id).executeTakeFirst();
  return row?.order_id ?? null;
}

export type InvoiceFilter = { match?: InvoiceMatchState; status?: InvoiceStatus; orderId?: string; q?: string; limit: number; after?: Keyset };

const newestFirst: Record<"list_order", SortColumn> = { list_order: { expr: sql`list_order`, type: "text" } };

/** A page of the invoices a filter matches: newest invoice date first, then newest recorded. */
export async function listInvoices(db: Kysely<Database>, filter: InvoiceFilter): Promise<Page<Invoice>> {
  let query = db.selectFrom("rm_invoices").selectAll();
  if (filter.match) query = query.where("match", "=", filter.match);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.orderId) query = query.where("order_id", "=", filter.orderId);
  if (filter.q) {
    const like = likePattern(filter.q);
    query = query.where((eb) => eb.or([eb("number", "ilike", like), eb("po_number", "ilike", like), eb("vendor_name", "ilike", like)]));
  }
  return keysetPage(query, newestFirst, { field: "list_order", direction: "desc" }, { limit: filter.limit, after: filter.after }, toInvoice);
}
