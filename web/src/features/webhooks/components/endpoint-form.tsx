import { useState, type FormEvent, type ReactNode } from "react";
import { createWebhookBody, WILDCARD_EVENT_TYPE, type WebhookEndpoint } from "@procure/contracts";
import { FormField } from "@/components/ui/form-field";
import { Notice } from "@/components/ui/notice";
import { useEventTypes } from "../api/get-event-types";

export type EndpointFormValues = { url: string; description: string | null; event_types: string[]; enabled: boolean };

/** `notice`: what the form says above its buttons besides its own problems (a conflict with another edit). */
type Props = {
  initial?: WebhookEndpoint;
  busy: boolean;
  error: string | null;
  notice?: ReactNode;
  onSubmit: (values: EndpointFormValues) => void;
  onCancel: () => void;
};

/** Create and edit share one form; the body is checked with the same schema the server uses. */
export function EndpointForm({ initial, busy, error, notice, onSubmit, onCancel }: Props) {
  const types = useEventTypes();
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [selected, setSelected] = useState<string[]>(initial?.event_types ?? [WILDCARD_EVENT_TYPE]);
  const [problem, setProblem] = useState<string | null>(null);
  const all = selected.includes(WILDCARD_EVENT_TYPE);
  const idPrefix = initial ? `webhook-${initial.id}` : "webhook-new";

  const toggle = (type: string) =>
    setSelected((now) => (now.includes(type) ? now.filter((t) => t !== type) : [...now.filter((t) => t !== WILDCARD_EVENT_TYPE), type]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookBody.safeParse({ url, description: description.trim() || null, event_types: selected });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the form.");
      return;
    }
    setProblem(null);
    onSubmit({ url: parsed.data.url, description: parsed.data.description ?? null, event_types: parsed.data.event_types, enabled: initial?.enabled ?? true });
  };

  return (
    <form className="stack" onSubmit={submit} aria-label={initial ? "Edit endpoint" : "New endpoint"}>
      <FormField id={`${idPrefix}-url`} label="Endpoint URL" hint="https://… where events are POSTed">
        <input id={`${idPrefix}-url`} className="input" value={url} onChange={(e) => setUrl(e.target.value)} required />
      </FormField>
      <FormField id={`${idPrefix}-description`} label="Description" qualifier="optional">
        <input id={`${idPrefix}-description`} className="input" value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <fieldset className="field">
        <legend className="field-label">Events</legend>
        <label>
          <input type="checkbox" checked={all} onChange={() => setSelected(all ? [] : [WILDCARD_EVENT_TYPE])} /> All events
        </label>
        {!all
          ? (types.data ?? []).map((type) => (
              <label key={type} className="webhooks-type">
                <input type="checkbox" checked={selected.includes(type)} onChange={() => toggle(type)} /> <code>{type}</code>
              </label>
            ))
          : null}
      </fieldset>
      {problem || error ? (
        <Notice tone="error" role="alert">
          {problem ?? error}
        </Notice>
      ) : null}
      {notice}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {initial ? "Save" : "Create endpoint"}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
