import { can, normalizeRole, type StoredEvent } from "@procure/contracts";
import type { Projection } from "../projection.ts";
import { json, landingTouch } from "./touches.ts";

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

/** Per-request facts for the landing page's cycle time, adherence and queue figures. */
export const landingRequestsProjection: Projection = {
  name: "landing-requests",
  version: 1,
  tables: ["rm_landing_requests"],
  handles: ["RequestCreated", "RequestStageApproved", "RequestApproved", "RequestDenied"],
  async apply(db, event) {
    if (event.type === "RequestCreated") {
      const route = event.data.stages.map((s) => s.role);
      await db
        .insertInto("rm_landing_requests")
        .values({
          request_id: event.data.request_id,
          amount: event.data.amount,
          status: "pending",
          route: json(route),
          waiting_role: route[0] ?? null,
          overridden: false,
          created_at: event.recorded_at,
          decided_at: null,
          version: event.stream_version,
        })
        .onConflict((oc) => oc.column("request_id").doNothing())
        .execute();
      return landingTouch;
    }
    if (event.type !== "RequestStageApproved" && event.type !== "RequestApproved" && event.type !== "RequestDenied") return;
    const row = await db
      .selectFrom("rm_landing_requests")
      .select(["route", "overridden", "version"])
      .where("request_id", "=", event.data.request_id)
      .executeTakeFirst();
    if (!row || row.version >= event.stream_version) return;
    const route = row.route;
    const overridden = row.overridden || !followsRoute(event, route);
    const next =
      event.type === "RequestStageApproved"
        ? { waiting_role: route[event.data.stage_index + 1] ?? null }
        : { status: event.type === "RequestApproved" ? "approved" : "denied", decided_at: event.recorded_at, waiting_role: null };
    await db
      .updateTable("rm_landing_requests")
      .set({ ...next, overridden, version: event.stream_version })
      .where("request_id", "=", event.data.request_id)
      .execute();
    return landingTouch;
  },
};

/** Vendor status and renewal date, from the purchasing feature's vendor events. */
export const landingVendorsProjection: Projection = {
  name: "landing-vendors",
  version: 1,
  tables: ["rm_landing_vendors"],
  handles: ["VendorRegistered", "VendorUpdated", "VendorBlocked", "VendorUnblocked"],
  async apply(db, event) {
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
  },
};
