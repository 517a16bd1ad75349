import { sql, type Kysely, type Selectable } from "kysely";
import type { ListSort, Vendor, VendorRisk, VendorSortField, VendorStatus } from "@procure/contracts";
import type { Database } from "../tables.ts";
import type { VendorsRow } from "../purchasing/tables.ts";
import { likePattern } from "../purchasing/search.ts";
import { keysetPage, type Keyset, type Page, type SortColumn } from "../lists/keyset.ts";

export function toVendor(row: Selectable<VendorsRow>): Vendor {
  const { version: _version, ...rest } = row;
  return { ...rest, status: row.status as VendorStatus, risk: row.risk as VendorRisk };
}

export type VendorFilter = {
  q?: string;
  status?: VendorStatus;
  risk?: VendorRisk;
  sort: ListSort<VendorSortField>;
  limit: number;
  after?: Keyset;
};

/** What each sortable column orders on; an index on (expression, id) backs each. */
const vendorSortColumns: Record<VendorSortField, SortColumn> = {
  name: { expr: sql`lower(name)`, type: "text" },
  status: { expr: sql`status`, type: "text" },
  // Low, medium, high in that order rather than alphabetically.
  risk: { expr: sql`(case risk when 'low' then 1 when 'medium' then 2 else 3 end)`, type: "numeric" },
  updated_at: { expr: sql`updated_at`, type: "timestamptz" },
};

/** A page of the vendors a filter matches, by name unless it asks otherwise. */
export async function listVendors(db: Kysely<Database>, filter: VendorFilter): Promise<Page<Vendor>> {
  let query = db.selectFrom("rm_vendors").selectAll();
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.risk) query = query.where("risk", "=", filter.risk);
  if (filter.q) {
    const like = likePattern(filter.q);
    query = query.where((eb) => eb.or([eb("name", "ilike", like), eb("notes", "ilike", like), eb("website", "ilike", like)]));
  }
  return keysetPage(query, vendorSortColumns, filter.sort, { limit: filter.limit, after: filter.after }, toVendor);
}

export async function getVendor(db: Kysely<Database>, id: string): Promise<Vendor | null> {
  const row = await db.selectFrom("rm_vendors").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toVendor(row) : null;
}

/** Vendors by status, from the counts the projection keeps. */
export async function vendorCounts(db: Kysely<Database>): Promise<Record<VendorStatus, number>> {
  const rows = await db.selectFrom("rm_vendor_counts").select(["status", "count"]).execute();
  const counts = { active: 0, blocked: 0 };
  for (const row of rows) if (row.status === "active" || row.status === "blocked") counts[row.status] = Number(row.count);
  return counts;
}
