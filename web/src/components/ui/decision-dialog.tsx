import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatCurrency } from "@/lib/format";
import { FormField, fieldAria } from "./form-field";
import { FormDialog } from "./form-dialog";

export type Verdict = "approve" | "deny";

type Props = {
  /** The request being decided, or null when the dialog is closed. */
  subject: { title: string; amount: number } | null;
  verdict: Verdict;
  busy?: boolean;
  /** The server's refusal, shown in the dialog so the decider can retry or cancel. */
  error?: string | null;
  /** `attempt` names this asking: a second submit of it (a double click) is the same decision, never a new one. */
  onConfirm: (comment: string, attempt: string) => void;
  onCancel: () => void;
};

/**
 * Every approval or denial is asked first, in a modal: a second click lands on the dialog, never on another request.
 * A denial needs a reason, which the requester reads on the request; an approval may carry a comment.
 */
const newAttempt = () => crypto.randomUUID();

export function DecisionDialog({ subject, verdict, busy, error, onConfirm, onCancel }: Props) {
  const open = subject !== null;
  const id = useId();
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const [attempt, setAttempt] = useState(newAttempt);
  // `busy` arrives with the next render: two clicks in one frame would both see it false.
  const sending = useRef(false);
  useEffect(() => {
    if (open) {
      setComment("");
      setMissing(false);
      setAttempt(newAttempt());
    }
  }, [open, subject?.title]);
  useEffect(() => {
    if (!busy) sending.current = false;
  }, [busy, error, open]);
  // After a refusal the decider may change the comment and try again: that is a new attempt.
  useEffect(() => {
    if (error) setAttempt(newAttempt());
  }, [error]);

  const deny = verdict === "deny";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || sending.current) return;
    if (deny && !comment.trim()) {
      setMissing(true);
      return;
    }
    sending.current = true;
    onConfirm(comment.trim(), attempt);
  };
  const fieldError = missing ? "Give the requester a reason." : undefined;

  return (
    <FormDialog
      open={open}
      title={deny ? "Deny this request?" : "Approve this request?"}
      description={
        subject ? (
          <>
            <strong>{subject.title}</strong> for {formatCurrency(subject.amount)} will be {deny ? "denied" : "approved"}. The requester sees your{" "}
            {deny ? "reason" : "comment"} on the request and its timeline.
          </>
        ) : null
      }
      error={error}
      busy={busy}
      confirmLabel={deny ? "Deny" : "Approve"}
      tone={deny ? "danger" : "success"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField id={`${id}-comment`} label={deny ? "Reason" : "Comment"} qualifier={deny ? "required" : "optional"} error={fieldError}>
        <textarea
          className="textarea"
          rows={3}
          maxLength={2000}
          value={comment}
          required={deny}
          onChange={(event) => {
            setComment(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
          {...fieldAria(`${id}-comment`, { error: fieldError })}
        />
      </FormField>
    </FormDialog>
  );
}
