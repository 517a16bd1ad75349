import { cacheKeys, type ApprovalStage, type StoredEvent } from "@procure/contracts";
import { sql } from "kysely";
import { distinct, inArray, insertRows, keysToLoad } from "../batch.ts";
import type { ApplyContext, Projection } from "../projection.ts";
import { CounterDeltas, counterNames } from "./counters.ts";

const inboxTouch = [{ keys: [cacheKeys.inbox()], audience: { everyone: true } }];

type InboxRow = { request_id: string; requester_id: string; status: string; current_stage_role: string | null };
type Decision = StoredEvent<"RequestStageApproved" | "RequestApproved" | "RequestDenied">;

const requestIdOf = (event: StoredEvent) => (event.data as { request_id: string }).request_id;

/**
 * Pending-request counters by requester and by the role whose decision is awaited. A batch loads the rows it
 * touches, folds its events onto them, and writes rows and summed counter changes once each.
 */
export const inboxProjection: Projection = {
  name: "inbox",
  version: 1,
  tables: ["rm_inbox_requests", "rm_counters"],
  reads: ["requests"],
  // The counters table is shared (orders keep their own counter there); clear only the request counters.
  async reset(db) {
    await db.deleteFrom("rm_inbox_requests").execute();
    await db.deleteFrom("rm_counters").where("name", "like", "requests:%").execute();
  },
  handles: ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied"],
  async apply(db, events, context) {
    const ids = keysToLoad(events, requestIdOf, context);
    const stored = ids.length ? await db.selectFrom("rm_inbox_requests").selectAll().where(inArray("request_id", ids)).execute() : [];
    const rows = new Map<string, InboxRow>(stored.map((row) => [row.request_id, row]));
    const loaded = new Set(rows.keys());
    const routes = await stageRoutes(
      db,
      context,
      distinct(
        events.filter((e) => e.type === "RequestStageApproved"),
        requestIdOf,
      ),
    );
    const counters = new CounterDeltas();
    const changed = new Map<string, InboxRow>();
    const move = (row: InboxRow, sign: 1 | -1, all: boolean) => {
      if (all) {
        counters.add(counterNames.pendingRequests, sign);
        counters.add(counterNames.pendingFor(row.requester_id), sign);
      }
      counters.add(counterNames.pendingAtStage(row.current_stage_role), sign);
    };
    for (const event of events) {
      const id = requestIdOf(event);
      if (event.type === "RequestCreated") {
        if (rows.has(id)) continue;
        const row = { request_id: id, requester_id: event.data.requester_id, status: "pending", current_stage_role: firstWaiting(event.data.stages) };
        move(row, 1, true);
        rows.set(id, row);
        changed.set(id, row);
        continue;
      }
      const row = rows.get(id);
      if (!row || row.status !== "pending") continue;
      const decision = event as Decision;
      if (decision.type === "RequestStageApproved") {
        move(row, -1, false);
        const next = { ...row, current_stage_role: routes.get(id)?.[decision.data.stage_index + 1] ?? null };
        move(next, 1, false);
        rows.set(id, next);
        changed.set(id, next);
        continue;
      }
      move(row, -1, true);
      const closed = { ...row, status: decision.type === "RequestApproved" ? "approved" : "denied", current_stage_role: null };
      rows.set(id, closed);
      changed.set(id, closed);
    }
    await insertRows(
      db,
      "rm_inbox_requests",
      { request_id: "uuid", requester_id: "text", status: "text", current_stage_role: "text" },
      [...changed.values()],
      sql`on conflict (request_id) do update set status = excluded.status, current_stage_role = excluded.current_stage_role`,
      context,
      (row) => !loaded.has(row.request_id),
    );
    await counters.flush(db, context);
    return changed.size > 0 ? inboxTouch : [];
  },
};

function firstWaiting(stages: ApprovalStage[]): string | null {
  return stages.find((s) => s.status === "waiting")?.role ?? null;
}

/** Each request's route of stage roles, fixed when it is raised, from the requests read model. */
async function stageRoutes(
  db: Parameters<Projection["apply"]>[0],
  context: ApplyContext | undefined,
  requestIds: string[],
): Promise<Map<string, (string | null)[]>> {
  if (requestIds.length === 0) return new Map();
  await context?.flush?.();
  const rows = await db.selectFrom("rm_requests").select(["id", "stages"]).where(inArray("id", requestIds)).execute();
  return new Map(rows.map((row) => [row.id, (row.stages as unknown as ApprovalStage[]).map((s) => s.role)]));
}
