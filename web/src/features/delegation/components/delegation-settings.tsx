import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { Notice } from "@/components/ui/notice";
import { formatNeedBy as formatDay } from "@/components/ui/request-urgency";
import { useDelegation } from "../api/get-delegation";
import { useDelegationCandidates } from "../api/get-delegation-candidates";
import { useEndDelegation, useSetDelegation } from "../api/update-delegation";

const today = () => new Date().toISOString().slice(0, 10);

/** Who decides the member's approvals while they are away, and whose approvals they decide. */
export function DelegationSettings() {
  const delegation = useDelegation();
  const candidates = useDelegationCandidates();
  const save = useSetDelegation();
  const end = useEndDelegation();
  const [form, setForm] = useState({ delegateId: "", startsOn: today(), endsOn: "" });
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const current = delegation.data?.delegation ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { delegate_id: form.delegateId, starts_on: form.startsOn, ends_on: form.endsOn },
      { onSuccess: () => toast.success("Delegation saved"), onError: (error) => toast.error("Not saved", { description: errorMessage(error) }) },
    );
  };

  return (
    <section className="stack" aria-labelledby="delegation-title">
      <h3 id="delegation-title" className="card-title">
        Delegate approvals
      </h3>
      <p className="subtle">While you are away, someone you choose may approve or deny what waits for you, and gets your mails about it.</p>
      {delegation.isError ? <Notice tone="error" role="alert">{`Unable to load your delegation: ${errorMessage(delegation.error)}`}</Notice> : null}
      {current ? (
        <div className="stack" data-testid="current-delegation">
          <p>{`${current.delegate_email} decides for you from ${formatDay(current.starts_on)} to ${formatDay(current.ends_on)}.`}</p>
          <button
            type="button"
            className="btn btn-sm"
            disabled={end.isPending}
            onClick={() =>
              end.mutate(undefined, {
                onSuccess: () => toast.success("Delegation ended"),
                onError: (error) => toast.error("Not ended", { description: errorMessage(error) }),
              })
            }
          >
            End delegation
          </button>
        </div>
      ) : null}
      <form className="stack" onSubmit={onSubmit}>
        <label className="field">
          <span className="field-label">Delegate</span>
          <select className="select" name="delegate_id" value={form.delegateId} onChange={(e) => set("delegateId")(e.target.value)} required>
            <option value="">{candidates.isPending ? "Loading members…" : "Choose a member"}</option>
            {(candidates.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.email}
              </option>
            ))}
          </select>
        </label>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">First day</span>
            <input className="input" type="date" name="starts_on" value={form.startsOn} onChange={(e) => set("startsOn")(e.target.value)} required />
          </label>
          <label className="field">
            <span className="field-label">Last day</span>
            <input
              className="input"
              type="date"
              name="ends_on"
              value={form.endsOn}
              min={form.startsOn}
              onChange={(e) => set("endsOn")(e.target.value)}
              required
            />
          </label>
        </div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !form.delegateId || !form.endsOn}>
          {current ? "Replace delegation" : "Delegate approvals"}
        </button>
      </form>
      {(delegation.data?.standing_in_for ?? []).map((d) => (
        <p key={d.delegator_id} className="subtle">{`You decide for ${d.delegator_email} from ${formatDay(d.starts_on)} to ${formatDay(d.ends_on)}.`}</p>
      ))}
    </section>
  );
}
