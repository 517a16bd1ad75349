import type { StoredEvent } from "@procure/contracts";
import { type Projection, oneAtATime } from "../projection.ts";
import type { VendorFeedsRow } from "./tables.ts";
import { catalogueTouch } from "./touches.ts";

type FeedEvent = StoredEvent<"VendorFeedImported" | "VendorFeedChangesReviewed">;

/** What an import or a review changes on the feed row. A failed import changes only the status. */
function changesFor(event: FeedEvent, row: Pick<VendorFeedsRow, "refresh_interval_days">): Partial<VendorFeedsRow> {
  if (event.type === "VendorFeedChangesReviewed") {
    return { status: "up-to-date", pending_changes: 0, price_variance_alerts: 0, requires_finance_review: false };
  }
  const d = event.data;
  if (d.outcome === "failed") return { status: "failed" };
  return {
    status: d.pending_changes > 0 || d.requires_finance_review ? "review-required" : "up-to-date",
    pending_changes: d.pending_changes,
    price_variance_alerts: d.price_variance_alerts,
    requires_finance_review: d.requires_finance_review,
    last_imported_at: event.recorded_at,
    next_refresh_due: daysAfter(event.recorded_at, row.refresh_interval_days),
  };
}

export const feedsProjection: Projection = {
  name: "vendor-feeds",
  version: 1,
  tables: ["rm_vendor_feeds"],
  handles: ["VendorFeedRegistered", "VendorFeedImported", "VendorFeedChangesReviewed"],
  apply: oneAtATime(async (db, event) => {
    const at = event.recorded_at;
    const version = event.stream_version;
    if (event.type === "VendorFeedRegistered") {
      const d = event.data;
      await db
        .insertInto("rm_vendor_feeds")
        .values({
          id: d.feed_id,
          feed_name: d.feed_name,
          supplier: d.supplier,
          format: d.format,
          category_id: d.category_id,
          refresh_interval_days: d.refresh_interval_days,
          change_log_url: d.change_log_url,
          // A feed never imported is due for its first import straight away.
          status: "awaiting-import",
          pending_changes: 0,
          price_variance_alerts: 0,
          requires_finance_review: false,
          last_imported_at: null,
          next_refresh_due: at,
          version,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return catalogueTouch;
    }
    if (event.type !== "VendorFeedImported" && event.type !== "VendorFeedChangesReviewed") return;
    const row = await db.selectFrom("rm_vendor_feeds").select(["refresh_interval_days", "version"]).where("id", "=", event.data.feed_id).executeTakeFirst();
    if (!row || row.version >= version) return;
    await db
      .updateTable("rm_vendor_feeds")
      .set({ ...changesFor(event, row), version, updated_at: at })
      .where("id", "=", event.data.feed_id)
      .execute();
    return catalogueTouch;
  }),
};

/** An instant `days` whole days of 24 h after `iso` (a feed's refresh is due by the clock, not the calendar). */
const daysAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();
