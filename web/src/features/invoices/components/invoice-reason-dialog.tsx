import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useState, type FormEvent } from "react";
import type { Invoice } from "@procure/contracts";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { useOpenerFocus } from "@/components/ui/opener-focus";

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
  const returnFocus = useOpenerFocus(open);
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
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" role="alertdialog" onCloseAutoFocus={returnFocus} onPointerDownOutside={(event) => event.preventDefault()}>
          <Dialog.Title className="dialog-title">{words.title}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            {subject ? (
              <>
                Invoice <strong>{subject.invoice.number}</strong> from {subject.invoice.vendor_name}. {words.consequence}
              </>
            ) : null}
          </Dialog.Description>
          <form className="stack" onSubmit={submit} noValidate>
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
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-solid-danger" disabled={busy}>
                {busy ? "Saving…" : words.confirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
