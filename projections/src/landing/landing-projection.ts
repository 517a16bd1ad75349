import { cacheKeys, can, normalizeRole, type StoredEvent } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import { sql } from "kysely";
import { inArray, insertRows, seenBefore } from "../batch.ts";
import { json } from "../values.ts";

const landingTouch: Touch[] = [{ keys: [cacheKeys.landing()], audience: { everyone: true } }];

type Decision = StoredEvent<"RequestStageApproved" | "RequestApproved" | "RequestDenied">;

/**
 * Whether a decision followed the request's route: the waiting stage's own role decided it (an admin deciding
 * someone else's stage is an override), or, for a request no rule routed, any role that may decide requests.
 */
function followsRoute(event: Decision, route: readonly string[]): boolean {
  const actorRole = event.metadata.actor_role;
  const stageIndex = event.type === "RequestApproved" ? null : event.data.stage_index;
  if (stageIndex === null) return route.length > 0 || can(normalizeRole(actorRole), "requests:decide");
  return route[stageIndex] === actorRole;
}

type LandingRequest = {
  request_id: string;
  amount: number;
  status: string;
  route: string[];
  waiting_role: string | null;
  overridden: boolean;
  created_at: string;
  decided_at: string | null;
  version: number;
};

/** One event's effect on a request's landing facts; null when the event changes nothing. */
function nextLandingRequest(row: LandingRequest | undefined, event: StoredEvent): LandingRequest | null {
  if (event.type === "RequestCreated") {
    if (row) return null;
    const route = event.data.stages.map((s) => s.role);
    return {
      request_id: event.data.request_id,
      amount: event.data.amount,
      status: "pending",
      route,
      waiting_role: route[0] ?? null,
      overridden: false,
      created_at: event.recorded_at,
      decided_at: null,
      version: event.stream_version,
    };
  }
  if (!row || row.version >= event.stream_version) return null;
  if (event.type === "RequestDecisionWithdrawn") {
    // Waiting again at the stage it was decided on.
    const waiting_role = event.data.stage_index === null ? null : (row.route[event.data.stage_index] ?? null);
    return { ...row, status: "pending", decided_at: null, waiting_role, version: event.stream_version };
  }
  if (event.type !== "RequestStageApproved" && event.type !== "RequestApproved" && event.type !== "RequestDenied") return null;
  const overridden = row.overridden || !followsRoute(event, row.route);
  const next =
    event.type === "RequestStageApproved"
      ? { waiting_role: row.route[event.data.stage_index + 1] ?? null }
      : { status: event.type === "RequestApproved" ? "approved" : "denied", decided_at: event.recorded_at, waiting_role: null };
  return { ...row, ...next, overridden, version: event.stream_version };
}

/** Per-request facts for the landing page's cycle time, adherence and queue figures, folded a batch at a time. */
export const landingRequestsProjection: Projection = {
  name: "landing-requests",
  version: 1,
  tables: ["rm_landing_requests"],
  handles: ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied", "RequestDecisionWithdrawn"],
  async apply(db, events, context) {
    const ids = seenBefore(events, (e) => (e.data as { request_id: string }).request_id);
    const stored = ids.length ? await db.selectFrom("rm_landing_requests").selectAll().where(inArray("request_id", ids)).execute() : [];
    const rows = new Map<string, LandingRequest>(stored.map((row) => [row.request_id, row as unknown as LandingRequest]));
    const loaded = new Set(rows.keys());
    const changed = new Map<string, LandingRequest>();
    for (const event of events) {
      const id = (event.data as { request_id: string }).request_id;
      const next = nextLandingRequest(rows.get(id), event);
      if (!next) continue;
      rows.set(id, next);
      changed.set(id, next);
    }
    await insertRows(
      db,
      "rm_landing_requests",
      {
        request_id: "uuid",
        amount: "numeric",
        status: "text",
        route: "jsonb",
        waiting_role: "text",
        overridden: "boolean",
        created_at: "timestamptz",
        decided_at: "timestamptz",
        version: "int",
      },
      [...changed.values()].map((row) => ({ ...row, route: json(row.route) })),
      sql`on conflict (request_id) do update set status = excluded.status, waiting_role = excluded.waiting_role,
        overridden = excluded.overridden, decided_at = excluded.decided_at, version = excluded.version
      where rm_landing_requests.version < excluded.version`,
      context,
      (row) => !loaded.has(row.request_id),
    );
    return changed.size > 0 ? landingTouch : [];
  },
};

/** Vendor status and renewal date, from the purchasing feature's vendor events. */
export const landingVendorsProjection: Projection = {
  name: "landing-vendors",
  version: 1,
  tables: ["rm_landing_vendors"],
  handles: ["VendorRegistered", "VendorUpdated", "VendorBlocked", "VendorUnblocked"],
  apply: oneAtATime(async (db, event) => {
    const version = event.stream_version;
    if (event.type === "VendorRegistered") {
      const d = event.data;
      await db
        .insertInto("rm_landing_vendors")
        .values({ vendor_id: d.vendor_id, status: d.status, renewal_date: d.renewal_date, version })
        .onConflict((oc) => oc.column("vendor_id").doNothing())
        .execute();
      return landingTouch;
    }
    let change: { renewal_date: string | null } | { status: string };
    if (event.type === "VendorUpdated") change = { renewal_date: event.data.renewal_date };
    else if (event.type === "VendorBlocked") change = { status: "blocked" };
    else if (event.type === "VendorUnblocked") change = { status: "active" };
    else return;
    const vendorId = event.data.vendor_id;
    await db
      .updateTable("rm_landing_vendors")
      .set({ ...change, version })
      .where("vendor_id", "=", vendorId)
      .where("version", "<", version)
      .execute();
    return landingTouch;
  }),
};
