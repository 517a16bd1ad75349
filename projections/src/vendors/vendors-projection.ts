import { cacheKeys, rolesThatCan, type StoredEvent } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import { tally } from "../dashboard/tally.ts";

// A vendor registered, blocked or unblocked changes how many need diligence, which the inbox of those who keep documents counts.
const documentKeepers = { roles: rolesThatCan("vendor-documents:write") };
const touched = (id: string): Touch[] => [
  { keys: [cacheKeys.vendors(), cacheKeys.vendor(id), cacheKeys.dashboard()], audience: { everyone: true } },
  { keys: [cacheKeys.inbox()], audience: documentKeepers },
];

type VendorChange = StoredEvent<"VendorUpdated" | "VendorBlocked" | "VendorUnblocked">;

/** The vendor cards and drawer, and the count of vendors by status. Rows are guarded by stream version. */
export const vendorsProjection: Projection = {
  name: "vendors",
  version: 1,
  tables: ["rm_vendors", "rm_vendor_counts"],
  handles: ["VendorRegistered", "VendorUpdated", "VendorBlocked", "VendorUnblocked"],
  apply: oneAtATime(async (db, event) => {
    if (event.type === "VendorRegistered") {
      const { vendor_id, ...d } = event.data;
      const inserted = await db
        .insertInto("rm_vendors")
        .values({ id: vendor_id, ...d, version: event.stream_version, created_at: event.recorded_at, updated_at: event.recorded_at })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return;
      await tally(db, "rm_vendor_counts", { status: d.status }, { count: 1 });
      return touched(vendor_id);
    }
    const e = event as VendorChange;
    const id = e.data.vendor_id;
    const row = await db.selectFrom("rm_vendors").select(["status", "version"]).where("id", "=", id).executeTakeFirst();
    if (!row || row.version >= e.stream_version) return;
    const status = e.type === "VendorBlocked" ? "blocked" : e.type === "VendorUnblocked" ? "active" : row.status;
    const details = e.type === "VendorUpdated" ? { risk: e.data.risk, website: e.data.website, notes: e.data.notes, renewal_date: e.data.renewal_date } : {};
    await db
      .updateTable("rm_vendors")
      .set({ ...details, status, version: e.stream_version, updated_at: e.recorded_at })
      .where("id", "=", id)
      .execute();
    if (status !== row.status) {
      await tally(db, "rm_vendor_counts", { status: row.status }, { count: -1 });
      await tally(db, "rm_vendor_counts", { status }, { count: 1 });
    }
    return touched(id);
  }),
};
