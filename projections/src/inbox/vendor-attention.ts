import type { Kysely } from "kysely";
import { attentionStatuses, type VendorsNeedingAttention } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { diligenceStatusSql, getDiligenceSettings } from "../vendors/diligence-queries.ts";

/**
 * Active vendors whose diligence is missing, expired or expiring on `today`, counted in SQL over every vendor with
 * the same rule the vendors list filters by, so each count is what its link to that list shows.
 */
export async function countVendorsNeedingAttention(db: Kysely<Database>, today: string): Promise<VendorsNeedingAttention> {
  const { required_kinds } = await getDiligenceSettings(db);
  const counts: VendorsNeedingAttention = { missing: 0, expired: 0, expiring: 0 };
  if (required_kinds.length === 0) return counts;
  const judged = db.selectFrom("rm_vendors").select(diligenceStatusSql(required_kinds, today).as("diligence")).where("status", "=", "active").as("judged");
  const rows = await db
    .selectFrom(judged)
    .select(["judged.diligence", (eb) => eb.fn.countAll<string>().as("n")])
    .where("judged.diligence", "in", [...attentionStatuses])
    .groupBy("judged.diligence")
    .execute();
  for (const row of rows) counts[row.diligence as keyof VendorsNeedingAttention] = Number(row.n);
  return counts;
}
