import { cacheKeys } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import { json } from "../values.ts";
import { readersOf } from "../audiences.ts";

const rulesTouch: Touch[] = [{ keys: [cacheKeys.approvalRules()], audience: readersOf("approval-rules") }];

/**
 * Approval rules, read by the settings screen and by request routing. A deleted rule keeps its row, flagged, so a
 * replayed creation cannot bring it back.
 */
export const rulesProjection: Projection = {
  name: "approval-rules",
  // 2: the stages an over-budget request adds.
  version: 2,
  tables: ["rm_approval_rules"],
  handles: ["ApprovalRuleCreated", "ApprovalRuleUpdated", "ApprovalRuleDeleted"],
  apply: oneAtATime(async (db, event) => {
    const at = event.recorded_at;
    const version = event.stream_version;
    if (event.type === "ApprovalRuleDeleted") {
      await db
        .updateTable("rm_approval_rules")
        .set({ deleted: true, active: false, version, updated_at: at })
        .where("id", "=", event.data.rule_id)
        .where("version", "<", version)
        .execute();
      return rulesTouch;
    }
    if (event.type !== "ApprovalRuleCreated" && event.type !== "ApprovalRuleUpdated") return;
    const d = event.data;
    const fields = {
      name: d.name,
      min_amount: d.min_amount,
      max_amount: d.max_amount,
      category_id: d.category_id,
      vendor_id: d.vendor_id,
      stages: json(d.stages),
      over_budget_stages: json(d.over_budget_stages ?? []),
      active: d.active,
      version,
      updated_at: at,
    };
    if (event.type === "ApprovalRuleCreated") {
      await db
        .insertInto("rm_approval_rules")
        .values({ id: d.rule_id, ...fields, deleted: false, created_position: event.global_position, created_at: at })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    } else {
      await db.updateTable("rm_approval_rules").set(fields).where("id", "=", d.rule_id).where("version", "<", version).execute();
    }
    return rulesTouch;
  }),
};
