import type { Dashboard } from "@procure/contracts";

const segments = [
  { key: "approved", label: "Approved" },
  { key: "pending", label: "Pending" },
  { key: "denied", label: "Denied" },
] as const;

/**
 * Submitted requests split by outcome, as one bar; its label says the same in words for screen readers. Its shares
 * are of every submitted request, pending ones included, and so are labelled apart from the approval rate.
 */
export function PipelineBar({ pipeline }: { pipeline: Dashboard["pipeline"] }) {
  const total = segments.reduce((sum, s) => sum + pipeline[s.key].count, 0);
  if (total === 0) return null;
  const share = (n: number) => Math.round((n / total) * 100);
  const summary = segments.map((s) => `${s.label} ${pipeline[s.key].count} (${share(pipeline[s.key].count)}%)`).join(", ");
  return (
    <figure className="pipeline-chart">
      <div className="pipeline-bar" role="img" aria-label={`Requests by outcome: ${summary}`}>
        {segments.map((s) =>
          pipeline[s.key].count > 0 ? (
            <span key={s.key} className={`pipeline-segment pipeline-${s.key}`} style={{ width: `${(pipeline[s.key].count / total) * 100}%` }} />
          ) : null,
        )}
      </div>
      <figcaption className="pipeline-legend" aria-hidden="true">
        {segments.map((s) => (
          <span key={s.key}>
            <span className={`pipeline-swatch pipeline-${s.key}`} />
            {`${s.label} ${share(pipeline[s.key].count)}% of submitted`}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
