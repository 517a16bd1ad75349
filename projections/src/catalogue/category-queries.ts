import { sql, type Kysely } from "kysely";
import type { CategorySummary } from "@procure/contracts";
import type { Database } from "../tables.ts";

/** GET /api/categories: each category with its item counts (retired items count nowhere). */
export async function listCategorySummaries(db: Kysely<Database>, includeArchived = false, id?: string): Promise<CategorySummary[]> {
  const { rows } = await sql<CategorySummary>`select c.id::text as id, c.name, c.parent_id, c.archived, c.version,
      (count(i.id) filter (where i.status <> 'retired'))::int as item_count,
      (count(i.id) filter (where i.status = 'published'))::int as active_item_count
    from rm_categories c left join rm_catalogue_items i on i.category_id = c.id::text
    where (${includeArchived} or not c.archived) and (${id ?? null}::uuid is null or c.id = ${id ?? null}::uuid)
    group by c.id order by c.name, c.id`.execute(db);
  return rows;
}

export async function findCategory(db: Kysely<Database>, id: string) {
  return db.selectFrom("rm_categories").select(["id", "name", "parent_id", "archived"]).where("id", "=", id).executeTakeFirst();
}

/** The category and its ancestors, nearest first; bounded so a damaged chain cannot loop forever. */
export async function categoryLineage(db: Kysely<Database>, id: string, maxDepth = 50): Promise<string[]> {
  const lineage: string[] = [];
  for (let current: string | null = id; current && lineage.length < maxDepth && !lineage.includes(current);) {
    lineage.push(current);
    const row = await findCategory(db, current);
    current = row?.parent_id ?? null;
  }
  return lineage;
}

export async function findItemIdBySku(db: Kysely<Database>, sku: string): Promise<string | null> {
  const row = await db
    .selectFrom("rm_catalogue_items")
    .select("id")
    .where(sql<boolean>`lower(sku) = lower(${sku})`)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The workspace's categories in use, whole, for a settings export: a parent that was archived is left out, so its
 * children are exported at the top.
 */
export async function listActiveCategoryDefinitions(db: Kysely<Database>) {
  const rows = await db.selectFrom("rm_categories").selectAll().where("archived", "=", false).orderBy("name").orderBy("id").execute();
  const active = new Set(rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parent_id && active.has(row.parent_id) ? row.parent_id : null,
    contract_number: row.contract_number,
    preferred_suppliers: row.preferred_suppliers,
    coverage: row.coverage,
    units_of_measure: row.units_of_measure,
    requires_finance_review: row.requires_finance_review,
  }));
}

/** One category as the list shows it, archived or not. */
export async function findCategorySummary(db: Kysely<Database>, id: string): Promise<CategorySummary | null> {
  const [row] = await listCategorySummaries(db, true, id);
  return row ?? null;
}
