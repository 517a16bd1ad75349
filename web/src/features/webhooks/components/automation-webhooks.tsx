import { useState } from "react";
import { toast } from "sonner";
import { webhookEndpoint, type WebhookEndpoint } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { EditConflictNotice } from "@/components/ui/edit-conflict";
import { useEditConflict } from "@/lib/use-edit-conflict";
import { useWebhooks } from "../api/get-webhooks";
import { useCreateWebhook, useDeleteWebhook, useRotateSecret, useSendTestEvent, useUpdateWebhook } from "../api/save-webhook";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm, type EndpointFormValues } from "./endpoint-form";
import { SecretOnce } from "./secret-once";
import "../webhooks.css";

type Revealed = { endpointId: string; secret: string; note: string };

/** The endpoint's fields as a conflict names them. */
const conflictLabels = { url: "URL", description: "Description", event_types: "Events", enabled: "Enabled" } as const;

/** Webhook endpoints for admins: the Automation section of the integrations screen. */
export function AutomationWebhooks() {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);

  const onCreate = (values: EndpointFormValues) =>
    create.mutate(values, {
      onSuccess: (created) => {
        setCreating(false);
        setRevealed({ endpointId: created.id, secret: created.secret, note: "Your signing secret." });
        toast.success("Endpoint created");
      },
    });

  return (
    <section className="stack webhooks-section" aria-labelledby="webhooks-title" data-testid="webhook-endpoints">
      <header className="row webhooks-header">
        <div>
          <h3 className="int-subtitle" id="webhooks-title">
            Webhook endpoints
          </h3>
          <p className="subtle">Signed with Standard Webhooks for the events each endpoint subscribes to; integrations can also pull GET /api/events.</p>
        </div>
        {!creating ? (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New endpoint
          </button>
        ) : null}
      </header>
      {revealed ? <SecretOnce secret={revealed.secret} note={revealed.note} onDone={() => setRevealed(null)} /> : null}
      {creating ? (
        <EndpointForm
          busy={create.isPending}
          error={create.error ? errorMessage(create.error) : null}
          onSubmit={onCreate}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      {endpoints.isPending ? <p className="subtle">Loading endpoints…</p> : null}
      {endpoints.isError ? <Notice tone="error" role="alert">{`Unable to load endpoints: ${errorMessage(endpoints.error)}`}</Notice> : null}
      {endpoints.data?.length === 0 && !creating ? <EmptyState icon="⇢" title="No webhook endpoints yet." /> : null}
      <ul className="stack webhooks-list">
        {endpoints.data?.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onSecret={(secret) =>
              setRevealed({ endpointId: endpoint.id, secret, note: "The new signing secret; the previous one keeps signing for 24 hours." })
            }
          />
        ))}
      </ul>
    </section>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTestEvent();
  // The endpoint as the form opened with it: the list refreshes while someone types.
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const edit = useEditConflict(editing, { schema: webhookEndpoint, labels: conflictLabels });
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fail = (what: string) => (error: unknown) => toast.error(errorMessage(error, what));

  return (
    <li className="card card-body stack" data-testid="webhook-endpoint">
      <div className="webhooks-card-top">
        <div>
          <p>
            <strong className="webhooks-url">{endpoint.url}</strong>{" "}
            <span className={`badge ${endpoint.enabled ? "badge-success" : "badge-plain"}`}>{endpoint.enabled ? "Enabled" : "Disabled"}</span>
          </p>
          {endpoint.description ? <p className="subtle">{endpoint.description}</p> : null}
          <p className="subtle">{endpoint.event_types.includes("*") ? "All events" : endpoint.event_types.join(", ")}</p>
        </div>
        <div className="row webhooks-actions">
          <button type="button" className="btn" onClick={() => setEditing((v) => (v ? null : endpoint))}>
            Edit
          </button>
          <button
            type="button"
            className="btn"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: endpoint.id, changes: { enabled: !endpoint.enabled }, version: endpoint.version },
                { onError: fail("Could not change the endpoint") },
              )
            }
          >
            {endpoint.enabled ? "Disable" : "Enable"}
          </button>
          <button
            type="button"
            className="btn"
            disabled={rotate.isPending}
            onClick={() => rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret), onError: fail("Rotation failed") })}
          >
            Rotate secret
          </button>
          <button
            type="button"
            className="btn"
            disabled={test.isPending || !endpoint.enabled}
            onClick={() => test.mutate(endpoint.id, { onSuccess: () => toast.success("Test event queued"), onError: fail("Could not send a test event") })}
          >
            Send test event
          </button>
          <button type="button" className="btn" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            Delivery log
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        </div>
      </div>
      {!endpoint.enabled && endpoint.disabled_reason ? <Notice tone="warning">{`Disabled: ${endpoint.disabled_reason}`}</Notice> : null}
      {editing ? (
        <EndpointForm
          // Reloading takes the endpoint as it is now: the form starts again from it.
          key={edit.base?.version}
          initial={edit.base ?? editing}
          busy={update.isPending}
          error={update.error && !edit.conflict ? errorMessage(update.error) : null}
          notice={<EditConflictNotice conflict={edit.conflict} what="endpoint" onReload={edit.reload} />}
          onSubmit={(values) =>
            update.mutate(
              { id: endpoint.id, changes: { url: values.url, description: values.description, event_types: values.event_types }, version: edit.version },
              { onSuccess: () => setEditing(null), onError: edit.caught },
            )
          }
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this endpoint?"
        description="It stops receiving events at once and its secret is destroyed."
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setConfirmDelete(false), onError: fail("Delete failed") })}
        onCancel={() => setConfirmDelete(false)}
      />
    </li>
  );
}
