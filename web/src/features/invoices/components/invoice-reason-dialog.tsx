import { useEffect, useId, useState, type FormEvent } from "react";
import type { Invoice } from "@procure/contracts";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { FormDialog } from "@/components/ui/form-dialog";

export type InvoiceReasonAction = "dispute" | "reject";

const wording: Record<InvoiceReasonAction, { title: string; consequence: string; confirm: string; missing: string }> = {
  dispute: {
    title: "Dispute this invoice?",
    consequence: "It cannot be approved or paid until the dispute is resolved.",
    confirm: "Dispute",
    missing: "Enter the reason for the dispute",
  },
  reject: {
    title: "Reject this invoice?",
    consequence: "A rejected invoice is final: it is never approved or paid.",
    confirm: "Reject",
    missing: "Enter the reason for rejecting the invoice",
  },
};

type Props = {
  /** The invoice and what is being done to it, or null when the dialog is closed. */
  subject: { invoice: Invoice; action: InvoiceReasonAction } | null;
  busy?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Disputing or rejecting an invoice asks why: the reason stays on the invoice and the order's timeline. */
export function InvoiceReasonDialog({ subject, busy, error, onConfirm, onCancel }: Props) {
  const open = subject !== null;
  const id = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!open) return;
    setReason("");
    setMissing(false);
  }, [open, subject?.invoice.id, subject?.action]);

  const words = wording[subject?.action ?? "dispute"];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  const fieldError = missing ? words.missing : undefined;

  return (
    <FormDialog
      open={open}
      title={words.title}
      description={
        subject ? (
          <>
            Invoice <strong>{subject.invoice.number}</strong> from {subject.invoice.vendor_name}. {words.consequence}
          </>
        ) : null
      }
      error={error}
      busy={busy}
      confirmLabel={words.confirm}
      tone="danger"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField id={`${id}-reason`} label="Reason" qualifier="required" error={fieldError}>
        <textarea
          className="textarea"
          rows={3}
          maxLength={1000}
          value={reason}
          required
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
          {...fieldAria(`${id}-reason`, { error: fieldError })}
        />
      </FormField>
    </FormDialog>
  );
}
