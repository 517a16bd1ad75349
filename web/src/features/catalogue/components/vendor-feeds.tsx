import { useId } from "react";
import { toast } from "sonner";
import type { OverviewFeed } from "@procure/contracts";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatRecency } from "@/lib/format";
import { useReviewFeed } from "../api/review-feed";

const statusTone: Record<OverviewFeed["status"], string> = {
  "up-to-date": "badge-success",
  "review-required": "badge-warning",
  "awaiting-import": "badge-info",
  failed: "badge-danger",
};

type Props = { feeds: readonly OverviewFeed[]; canCurate: boolean };

export function VendorFeeds({ feeds, canCurate }: Props) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <h2 className="card-title" id={titleId}>
          Vendor-managed feeds
        </h2>
        <span className="cat-note">{`${feeds.length} feeds`}</span>
      </div>
      {feeds.length === 0 ? (
        <EmptyState title="No vendor feeds registered yet." />
      ) : (
        <ul className="cat-feeds">
          {feeds.map((feed) => (
            <FeedCard key={feed.id} feed={feed} canCurate={canCurate} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeedCard({ feed, canCurate }: { feed: OverviewFeed; canCurate: boolean }) {
  const review = useReviewFeed();
  const needsReview = feed.pendingChanges > 0 || feed.requiresFinanceReview;
  const onReview = () =>
    review.mutate(feed.id, {
      onSuccess: () => toast.success("Feed changes reviewed"),
      onError: (error) => toast.error("Review failed", { description: errorMessage(error) }),
    });
  return (
    <li className="cat-feed" data-testid="vendor-feed">
      <div className="cat-node-head">
        <h3 className="cat-node-name">{feed.feedName}</h3>
        <span className={`badge ${statusTone[feed.status]}`}>{feed.status.replace(/-/g, " ")}</span>
      </div>
      <p className="cat-node-meta">{`${feed.supplier} · ${feed.format.toUpperCase()} · ${feed.categoryName ?? "Uncategorised"}`}</p>
      <dl className="cat-facts">
        <div>
          <dt>Pending changes</dt>
          <dd>{feed.pendingChanges}</dd>
        </div>
        <div>
          <dt>Last import</dt>
          <dd>{formatRecency(feed.lastImportedAt)}</dd>
        </div>
        <div>
          <dt>Next refresh</dt>
          <dd>{formatDate(feed.nextRefreshDue)}</dd>
        </div>
      </dl>
      <div className="cat-feed-foot">
        {feed.requiresFinanceReview ? <span className="badge badge-warning">Finance review</span> : null}
        {feed.changeLogUrl ? (
          <a href={feed.changeLogUrl} target="_blank" rel="noreferrer noopener">
            Change log<span className="visually-hidden">{` for ${feed.feedName} (opens in a new tab)`}</span>
          </a>
        ) : null}
        {canCurate && needsReview ? (
          <button type="button" className="btn btn-sm" onClick={onReview} disabled={review.isPending} aria-label={`Mark reviewed: ${feed.feedName}`}>
            Mark reviewed
          </button>
        ) : null}
      </div>
    </li>
  );
}
