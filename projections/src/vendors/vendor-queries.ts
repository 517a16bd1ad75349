import { sql, type Kysely, type Selectable } from "kysely";
import type { DiligenceStatus, ListSort, Vendor, VendorDiligence, VendorRisk, VendorSortField, VendorStatus } from "@procure/contracts";
import { diligenceOfVendors, diligenceStatusSql, getDiligenceSettings } from "./diligence-queries.ts";
import type { Database } from "../tables.ts";
import type { VendorsRow } from "../purchasing/tables.ts";
import { likePattern } from "../purchasing/search.ts";
import { keysetPage, type Keyset, type Page, type SortColumn } from "../lists/keyset.ts";

function toVendor(row: Selectable<VendorsRow>, diligence: VendorDiligence): Vendor {
  return { ...row, status: row.status as VendorStatus, risk: row.risk as VendorRisk, diligence };
}

/** The day diligence is judged on: today, in UTC. */
export const diligenceDay = (now = new Date()) => now.toISOString().slice(0, 10);

async function withDiligence(db: Kysely<Database>, rows: readonly Selectable<VendorsRow>[], today: string): Promise<Vendor[]> {
  const diligence = await diligenceOfVendors(
    db,
    rows.map((r) => r.id),
    today,
  );
  return rows.map((row) => toVendor(row, diligence.get(row.id)!));
}

export type VendorFilter = {
  q?: string;
  status?: VendorStatus;
  risk?: VendorRisk;
  diligence?: DiligenceStatus;
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
export async function listVendors(db: Kysely<Database>, filter: VendorFilter, today = diligenceDay()): Promise<Page<Vendor>> {
  let query = db.selectFrom("rm_vendors").selectAll();
  if (filter.diligence) {
    const { required_kinds } = await getDiligenceSettings(db);
    query = query.where(diligenceStatusSql(required_kinds, today), "=", filter.diligence);
  }
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.risk) query = query.where("risk", "=", filter.risk);
  if (filter.q) {
    const like = likePattern(filter.q);
    query = query.where((eb) => eb.or([eb("name", "ilike", like), eb("notes", "ilike", like), eb("website", "ilike", like)]));
  }
  const page = await keysetPage(query, vendorSortColumns, filter.sort, { limit: filter.limit, after: filter.after }, (row) => row);
  return { ...page, items: await withDiligence(db, page.items, today) };
}

export async function getVendor(db: Kysely<Database>, id: string, today = diligenceDay()): Promise<Vendor | null> {
  const row = await db.selectFrom("rm_vendors").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withDiligence(db, [row], today))[0]! : null;
}

/** Vendors by status, from the counts the projection keeps. */
export async function vendorCounts(db: Kysely<Database>): Promise<Record<VendorStatus, number>> {
  const rows = await db.selectFrom("rm_vendor_counts").select(["status", "count"]).execute();
  const counts = { active: 0, blocked: 0 };
  for (const row of rows) if (row.status === "active" || row.status === "blocked") counts[row.status] = Number(row.count);
  return counts;
}
