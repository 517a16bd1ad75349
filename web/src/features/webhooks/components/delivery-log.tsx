import { toast } from "sonner";
import { TEST_EVENT_TYPE } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { formatRecency } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useDeliveries } from "../api/get-deliveries";
import { useReplayDelivery } from "../api/save-webhook";

/** One endpoint's recent deliveries: each attempt's answer and latency, the next retry, and a replay. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId);
  const replay = useReplayDelivery();
  if (deliveries.isPending) return <p className="subtle">Loading deliveries…</p>;
  if (deliveries.isError) return <Notice tone="error" role="alert">{`Unable to load deliveries: ${errorMessage(deliveries.error)}`}</Notice>;
  if (deliveries.data.length === 0) return <EmptyState icon="✉" title="No deliveries yet." />;
  return (
    <div className="webhooks-log">
      <table className="table" aria-label="Delivery log">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th>Next retry</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((d) => (
            <tr key={d.id}>
              <td>
                <code>{d.event_type}</code>
                {d.replay_of ? <span className="subtle">{d.event_type === TEST_EVENT_TYPE ? " (test)" : " (replay)"}</span> : null}
                <div className="subtle">{formatRecency(d.created_at)}</div>
              </td>
              <td>{d.status}</td>
              <td title={d.attempt_log.map((a) => `#${a.attempt} ${a.response_code ?? "—"} ${a.latency_ms ?? "—"} ms ${a.error ?? ""}`).join("\n")}>
                {d.attempts}
              </td>
              <td>
                {d.response_code ?? "—"}
                {d.latency_ms !== null ? ` · ${d.latency_ms} ms` : ""}
                {d.last_error ? <div className="subtle">{d.last_error}</div> : null}
              </td>
              <td>{d.next_attempt_at ? formatRecency(d.next_attempt_at) : "—"}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={replay.isPending}
                  onClick={() =>
                    replay.mutate(
                      { id: endpointId, deliveryId: d.id },
                      { onSuccess: () => void deliveries.refetch(), onError: (e) => toast.error(errorMessage(e, "Replay failed")) },
                    )
                  }
                >
                  Replay
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
