import { formatRecency } from "@/lib/format";
import { useVendorHistory } from "../api/get-vendor-history";
import { historyLine } from "../lib/history-lines";

/** What happened to the vendor, by whom and when, oldest first. */
export function VendorHistory({ vendorId }: { vendorId: string }) {
  const history = useVendorHistory(vendorId);
  return (
    <section className="vendor-history" aria-labelledby="vendor-history-heading">
      <h3 className="card-title" id="vendor-history-heading">
        History
      </h3>
      {history.isPending ? (
        <p className="subtle">Loading history…</p>
      ) : history.isError ? (
        <p className="subtle">
          The history could not be loaded.{" "}
          <button type="button" className="btn btn-sm" onClick={() => void history.refetch()}>
            Try again
          </button>
        </p>
      ) : history.data.length === 0 ? (
        <p className="subtle">Nothing recorded yet.</p>
      ) : (
        <ol className="vendor-history-list">
          {history.data.map((entry, index) => (
            <li key={`${index}-${entry.recorded_at}`} className={`vendor-history-${entry.type}`}>
              <span className="vendor-history-what">{historyLine(entry)}</span>
              <span className="subtle">
                {entry.actor_email ?? "System"} ·{" "}
                <time dateTime={entry.recorded_at} title={new Date(entry.recorded_at).toLocaleString()}>
                  {formatRecency(entry.recorded_at)}
                </time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
