import { useQuery } from "@tanstack/react-query";
import { requestChainVerification, type AuditEntry } from "@procure/contracts";
import { api, errorMessage } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { formatRecency, normalizeStatus } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useAudit } from "../api/get-audit";
import { downloadFile } from "@/lib/download-file";

const actionLabels: Record<string, string> = {
  requestcreated: "Request created",
  created: "Request created",
  requestapproved: "Approved",
  approved: "Approved",
  requestdenied: "Denied",
  denied: "Denied",
  requeststageapproved: "Stage approved",
  "stage-approved": "Stage approved",
  requestcommented: "Comment added",
  commented: "Comment added",
  requestfileattached: "File attached",
  "file-attached": "File attached",
  requestlinkedtoorder: "Linked to a purchase order",
};

export function actionLabel(action: string): string {
  const key = normalizeStatus(action);
  const known = actionLabels[key] ?? actionLabels[key.replace(/-/g, "")];
  if (known) return known;
  const spaced = action
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const toneFor = (entry: AuditEntry) => {
  const to = normalizeStatus(entry.to_status);
  if (to === "approved") return "approved";
  if (to === "denied") return "denied";
  return "neutral";
};

/** Under the timeline's key, so whatever refreshes the timeline checks the chain again. */
const useChainVerification = (id: string) =>
  useQuery({
    queryKey: [...queryKeys.requests.audit(id), "verify"],
    queryFn: async ({ signal }) => requestChainVerification.parse(await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}/audit/verify`, signal)),
  });

function ChainMark({ requestId }: { requestId: string }) {
  const verification = useChainVerification(requestId);
  const exportCsv = () => void downloadFile(`/api/requests/${encodeURIComponent(requestId)}/audit.csv`, `request-${requestId}-audit.csv`);
  return (
    <div className="timeline-verification" data-testid="timeline-verification">
      {verification.isPending ? <span className="subtle">Checking the history…</span> : null}
      {verification.isError ? <span className="subtle">The history could not be checked.</span> : null}
      {verification.data?.valid ? (
        <span className="badge badge-success" title={`${verification.data.events} events, hash chain intact`}>
          ✓ Verified
        </span>
      ) : null}
      {verification.data && !verification.data.valid ? (
        <Notice tone="error" role="alert">
          {`The history does not verify: event ${verification.data.first_broken?.stream_version ?? "?"} (${verification.data.first_broken?.event_id ?? ""}) ${verification.data.first_broken?.reason ?? ""}.`}
        </Notice>
      ) : null}
      <button type="button" className="btn btn-ghost" onClick={exportCsv}>
        Export CSV
      </button>
    </div>
  );
}

export function RequestTimeline({ requestId }: { requestId: string }) {
  const audit = useAudit(requestId);
  if (audit.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <span className="skeleton" style={{ width: "60%" }} />
        <span className="skeleton" style={{ width: "75%" }} />
      </div>
    );
  }
  if (audit.isError) return <Notice tone="error" role="alert">{`Unable to load the timeline: ${errorMessage(audit.error)}`}</Notice>;
  if (audit.data.length === 0) return <EmptyState icon="🕒" title="No events yet." />;

  return (
    <>
      <ChainMark requestId={requestId} />
      <ol className="timeline" data-testid="request-timeline">
        {audit.data.map((entry, index) => (
          <li key={entry.id ?? index} className={`timeline-item timeline-${toneFor(entry)}`}>
            <span className="timeline-dot" aria-hidden="true" />
            <div className="timeline-content">
              <p className="timeline-action">{actionLabel(entry.action)}</p>
              <p className="subtle">{[entry.actor_email, formatRecency(entry.created_at)].filter(Boolean).join(" · ")}</p>
              {entry.from_status !== entry.to_status && entry.to_status ? (
                <p className="timeline-transition">
                  {entry.from_status ? `${normalizeStatus(entry.from_status)} → ` : ""}
                  {normalizeStatus(entry.to_status)}
                </p>
              ) : null}
              {entry.detail && normalizeStatus(entry.action) !== "created" ? <p className="muted timeline-detail">{entry.detail}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
