import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { approvalCommentMessage, invoiceMatchLabels, type Invoice } from "@procure/contracts";
import { BlockedReason } from "@/components/ui/blocked-reason";
import { Drawer } from "@/components/ui/drawer";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { formatCurrency, formatDate } from "@/lib/format";
import { useInvoice } from "../api/get-invoice";
import { useApproveInvoice } from "../api/approve-invoice";
import { usePayInvoice } from "../api/pay-invoice";
import { InvoiceLines } from "./invoice-lines";
import { InvoiceStatusBadge, MatchChip } from "./match-chip";

type Props = { invoice: Invoice | null; open: boolean; onOpenChange: (open: boolean) => void };

/** One invoice: its lines against the order, and the next step (approve, then pay). */
export function InvoiceDrawer({ invoice, open, onOpenChange }: Props) {
  const live = useInvoice(open && invoice ? invoice.id : null);
  const current = live.data && invoice && live.data.id === invoice.id ? live.data : invoice;
  const approve = useApproveInvoice();
  const pay = usePayInvoice();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setComment("");
    setError(null);
  }, [open, invoice?.id]);

  if (!current) return null;
  const matched = current.match === "matched";
  const busy = approve.isPending || pay.isPending;
  // The server's reason the reader may not take the next step (separation of duties), shown before the click.
  const blocked = current.action_blocked_reason ?? null;
  const blockedId = "invoice-action-blocked";

  const onApprove = (event: FormEvent) => {
    event.preventDefault();
    if (!matched && !comment.trim()) return setError(approvalCommentMessage);
    setError(null);
    approve.mutate(
      { id: current.id, comment: comment.trim() },
      {
        onSuccess: () => toast.success("Invoice approved", { description: `${current.number} · ${current.vendor_name}` }),
        onError: (failure) => setError(errorMessage(failure, "The invoice could not be approved.")),
      },
    );
  };
  const onPay = () =>
    pay.mutate(current.id, {
      onSuccess: () => toast.success("Invoice paid", { description: `${current.number} · ${formatCurrency(current.total)}` }),
      onError: (failure) => setError(errorMessage(failure, "The invoice could not be marked paid.")),
    });

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={`Invoice ${current.number}`}
      description={`${current.vendor_name} · ${current.po_number} · ${formatDate(current.invoice_date)}`}
    >
      <div className="stack invoice-detail">
        <div className="invoice-summary">
          <MatchChip match={current.match} />
          <InvoiceStatusBadge status={current.status} />
          <span className="invoice-total">{formatCurrency(current.total)}</span>
        </div>
        {matched ? null : (
          <Notice tone="warning">{`${invoiceMatchLabels[current.match]}: the lines below say what differs from the order or the goods received.`}</Notice>
        )}
        <InvoiceLines invoice={current} />
        {current.notes ? <p className="invoice-notes">{current.notes}</p> : null}
        {current.approved_at ? (
          <p className="subtle">
            {[`Approved ${formatDate(current.approved_at)}`, current.approved_by].filter(Boolean).join(" by ")}
            {current.approval_comment ? `: “${current.approval_comment}”` : ""}
          </p>
        ) : null}
        {current.paid_at ? <p className="subtle">{[`Paid ${formatDate(current.paid_at)}`, current.paid_by].filter(Boolean).join(" by ")}</p> : null}
        {current.status === "open" ? (
          <form className="invoice-approve" aria-label="Approve invoice" onSubmit={onApprove} noValidate>
            <div className="field">
              <label className="field-label" htmlFor="invoice-approve-comment">
                Comment {matched ? <span className="field-qualifier">(optional)</span> : <span className="field-qualifier">(required: not matched)</span>}
              </label>
              <textarea
                id="invoice-approve-comment"
                className="textarea"
                rows={2}
                value={comment}
                aria-invalid={error === approvalCommentMessage}
                onChange={(e) => setComment(e.target.value)}
              />
            </div>
            <FormError message={error} />
            <BlockedReason id={blockedId} reason={blocked} />
            <button type="submit" className="btn btn-primary" disabled={busy || blocked !== null} aria-describedby={blocked ? blockedId : undefined}>
              {approve.isPending ? "Approving…" : "Approve"}
            </button>
          </form>
        ) : null}
        {current.status === "approved" ? (
          <div className="stack">
            <FormError message={error} />
            <BlockedReason id={blockedId} reason={blocked} />
            <button
              type="button"
              className="btn btn-primary"
              onClick={onPay}
              disabled={busy || blocked !== null}
              aria-describedby={blocked ? blockedId : undefined}
            >
              {pay.isPending ? "Paying…" : "Mark paid"}
            </button>
          </div>
        ) : null}
      </div>
    </Drawer>
  );
}
