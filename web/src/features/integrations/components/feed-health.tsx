import { errorMessage } from "@/lib/api-client";
import { formatTime } from "@/lib/format";
import { Notice } from "@/components/ui/notice";
import { HEALTH_REFRESH_MS, useHealth } from "../api/get-health";
import { feedState, type Tone } from "../lib/feed-state";

const badgeTone: Record<Tone, string> = { success: "badge-success", warning: "badge-warning", error: "badge-danger", neutral: "" };

/** The live event feed as /api/health reports it, read again every few seconds while the page is open. */
export function FeedHealth() {
  const health = useHealth();
  const state = health.data ? feedState(health.data) : null;
  const checkedAt = health.dataUpdatedAt ? formatTime(new Date(health.dataUpdatedAt)) : null;
  const failedAt = health.errorUpdatedAt ? formatTime(new Date(health.errorUpdatedAt)) : null;

  return (
    <div className="int-feed" data-testid="feed-health" aria-busy={health.isFetching}>
      <div className="int-feed-top">
        <div className="int-heading">
          <h3 className="int-subtitle" id="feed-title">
            Live event feed
          </h3>
          <p className="subtle">
            {`Refreshed every ${HEALTH_REFRESH_MS / 1000} seconds`}
            {checkedAt ? ` · last read ${checkedAt}` : ""}
          </p>
        </div>
        <div className="row int-feed-actions">
          {state ? (
            <span className={`badge ${badgeTone[state.tone]}`} data-testid="feed-state">
              {state.headline}
            </span>
          ) : null}
          <button type="button" className="btn btn-sm" onClick={() => void health.refetch()} disabled={health.isFetching}>
            {health.isFetching ? "Checking…" : "Check now"}
          </button>
        </div>
      </div>
      {health.isError ? (
        <Notice tone="error" role="alert">
          {`Feed health cannot be read right now${failedAt ? ` (tried at ${failedAt})` : ""}: ${errorMessage(health.error, "no answer from the server")}.`}
          {state ? " The figures below are from the last successful reading." : " Open screens may not refresh on their own until it is back."}
        </Notice>
      ) : null}
      {health.isPending ? (
        <p className="subtle" role="status">
          Reading the feed's health…
        </p>
      ) : null}
      {state ? (
        <>
          <p className="int-feed-summary" role="status">
            {state.summary}
          </p>
          <dl className="int-parts" aria-labelledby="feed-title">
            {state.parts.map((part) => (
              <div key={part.label} className={`int-part int-part-${part.tone}`} data-testid="feed-part">
                <dt>{part.label}</dt>
                <dd>
                  <strong>{part.state}</strong>
                  {part.detail ? <span className="subtle">{part.detail}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </div>
  );
}
