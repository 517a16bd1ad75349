import { useEffect, useId, useState, type FormEvent } from "react";
import type { Invoice, PayInvoiceBody } from "@procure/contracts";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { FormDialog } from "@/components/ui/form-dialog";
import { formatCurrency } from "@/lib/format";
import { todayLocal } from "../lib/invoice-form";

type Props = {
  /** The invoice being paid, or null when the dialog is closed. */
  invoice: Invoice | null;
  busy?: boolean;
  /** The server's refusal, shown in the dialog so finance can correct and retry. */
  error?: string | null;
  onConfirm: (payment: PayInvoiceBody) => void;
  onCancel: () => void;
};

/**
 * Marking an invoice paid is asked first, with the day the payment went out (today unless said otherwise, never
 * before the invoice date) and the reference it went under, which reconciles it with the bank statement.
 */
export function PayInvoiceDialog({ invoice, busy, error, onConfirm, onCancel }: Props) {
  const open = invoice !== null;
  const id = useId();
  const [paidOn, setPaidOn] = useState(todayLocal());
  const [reference, setReference] = useState("");
  const [missing, setMissing] = useState<{ date?: string; reference?: string }>({});
  useEffect(() => {
    if (!open) return;
    setPaidOn(todayLocal());
    setReference("");
    setMissing({});
  }, [open, invoice?.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = {
      date: paidOn ? undefined : "Enter the payment date",
      reference: reference.trim() ? undefined : "Enter the payment reference",
    };
    setMissing(problems);
    if (problems.date || problems.reference) return;
    onConfirm({ paid_on: paidOn, reference: reference.trim() });
  };

  return (
    <FormDialog
      open={open}
      title={"Mark this invoice paid?"}
      description={
        invoice ? (
          <>
            Invoice <strong>{invoice.number}</strong> from {invoice.vendor_name} for {formatCurrency(invoice.total)} will be recorded as paid. This cannot be
            undone.
          </>
        ) : null
      }
      error={error}
      busy={busy}
      confirmLabel={"Mark paid"}
      tone="success"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField id={`${id}-date`} label="Payment date" error={missing.date}>
        <input
          type="date"
          className="input"
          value={paidOn}
          min={invoice?.invoice_date}
          max={todayLocal()}
          required
          onChange={(event) => setPaidOn(event.target.value)}
          {...fieldAria(`${id}-date`, { error: missing.date })}
        />
      </FormField>
      <FormField id={`${id}-reference`} label="Payment reference" hint="As it appears on the bank statement" error={missing.reference}>
        <input
          className="input"
          maxLength={100}
          value={reference}
          required
          autoComplete="off"
          onChange={(event) => {
            setReference(event.target.value);
            if (event.target.value.trim()) setMissing((m) => ({ ...m, reference: undefined }));
          }}
          {...fieldAria(`${id}-reference`, { hint: true, error: missing.reference })}
        />
      </FormField>
    </FormDialog>
  );
}
