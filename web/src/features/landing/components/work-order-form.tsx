import { useId, useState, type FormEvent } from "react";
import { env } from "@/config/env";
import { Notice } from "@/components/ui/notice";
import { useCreateWorkOrder, workOrderPriorities, type WorkOrderInput } from "../api/create-work-order";

const emptyForm: WorkOrderInput = { title: "", details: "", requesterName: "", requesterEmail: "", priority: "normal", dueDate: "" };

type Outcome = { kind: "idle" } | { kind: "success"; id: string | number } | { kind: "error" };

export function WorkOrderForm() {
  const id = useId();
  const [form, setForm] = useState<WorkOrderInput>(emptyForm);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const mutation = useCreateWorkOrder();
  const submitting = mutation.isPending;
  const ready = [form.title, form.requesterName, form.requesterEmail].every((v) => v.trim() !== "");

  const set = <K extends keyof WorkOrderInput>(key: K, value: WorkOrderInput[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || submitting) return;
    setOutcome({ kind: "idle" });
    mutation.mutate(form, {
      onSuccess: ({ id: workOrderId }) => {
        setOutcome({ kind: "success", id: workOrderId });
        setForm(emptyForm);
      },
      onError: () => setOutcome({ kind: "error" }),
    });
  };

  return (
    <form className="card card-body work-order-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card-title">
        New work order
      </h3>
      <div className="form-grid">
        <label className="field span-2">
          <span className="field-label">Title</span>
          <input
            className="input"
            name="title"
            value={form.title}
            onChange={(e) => set("title", e.target.value)}
            required
            placeholder="e.g. Replace badge readers on floor 3"
          />
        </label>
        <label className="field span-2">
          <span className="field-label">
            Details <span className="subtle">(optional)</span>
          </span>
          <textarea className="textarea" name="details" value={form.details} onChange={(e) => set("details", e.target.value)} rows={3} />
        </label>
        <label className="field">
          <span className="field-label">Your name</span>
          <input
            className="input"
            name="requesterName"
            autoComplete="name"
            value={form.requesterName}
            onChange={(e) => set("requesterName", e.target.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">Work email</span>
          <input
            className="input"
            type="email"
            name="requesterEmail"
            autoComplete="email"
            value={form.requesterEmail}
            onChange={(e) => set("requesterEmail", e.target.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">Priority</span>
          <select className="select" name="priority" value={form.priority} onChange={(e) => set("priority", e.target.value as WorkOrderInput["priority"])}>
            {workOrderPriorities.map((p) => (
              <option key={p} value={p}>
                {p[0]?.toUpperCase()}
                {p.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">
            Target date <span className="subtle">(optional)</span>
          </span>
          <input className="input" type="date" name="dueDate" value={form.dueDate} onChange={(e) => set("dueDate", e.target.value)} />
        </label>
      </div>
      <div aria-live="polite">
        {outcome.kind === "success" ? (
          <Notice tone="success" role="status">
            {`Work order #${outcome.id} submitted. Procurement will follow up shortly.`}
          </Notice>
        ) : null}
        {outcome.kind === "error" ? (
          <Notice tone="error" role="alert">
            {`We could not submit the work order. Try again or email ${env.supportEmail}.`}
          </Notice>
        ) : null}
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={!ready || submitting}>
          {submitting ? "Submitting…" : "Submit work order"}
        </button>
        <span className="subtle">Name, email and title are required.</span>
      </div>
    </form>
  );
}
