import { sql, type Kysely, type RawBuilder } from "kysely";
import { normalizeRole, type ApprovalRule, type Role } from "@procure/contracts";
import type { Database } from "../tables.ts";

type RuleRow = Omit<ApprovalRule, "stages" | "over_budget_stages"> & { stages: string[]; over_budget_stages: string[]; created_position: string };

const toRule = ({ created_position: _position, ...row }: RuleRow): ApprovalRule => ({
  ...row,
  stages: row.stages.map(normalizeRole),
  over_budget_stages: row.over_budget_stages.map(normalizeRole),
});

async function selectRules(db: Kysely<Database>, where: RawBuilder<unknown>) {
  const { rows } = await sql<RuleRow>`select r.id::text as id, r.name, r.min_amount, r.max_amount, r.category_id,
      c.name as category_name, r.vendor_id, r.stages, r.over_budget_stages, r.active, r.created_position, r.created_at, r.updated_at, r.version
    from rm_approval_rules r left join rm_categories c on c.id::text = r.category_id
    where not r.deleted and ${where}
    order by r.created_position`.execute(db);
  return rows;
}

/** The settings list, oldest rule first. */
export async function listApprovalRules(db: Kysely<Database>): Promise<ApprovalRule[]> {
  return (await selectRules(db, sql`true`)).map(toRule);
}

export async function findApprovalRule(db: Kysely<Database>, id: string): Promise<ApprovalRule | null> {
  const [row] = await selectRules(db, sql`r.id = ${id}::uuid`);
  return row ? toRule(row) : null;
}

/** Active rules with what routing needs, for the domain's pickRule to choose among. */
export async function activeRoutingRules(db: Kysely<Database>) {
  const rows = await selectRules(db, sql`r.active`);
  return rows.map((r) => ({ ...r, stages: r.stages.map(normalizeRole) as Role[], over_budget_stages: r.over_budget_stages.map(normalizeRole) as Role[] }));
}
