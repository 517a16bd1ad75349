import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { approvalCommentMessage, invoiceMatchLabels, type Invoice, type PayInvoiceBody } from "@procure/contracts";
import { BlockedReason } from "@/components/ui/blocked-reason";
import { Drawer } from "@/components/ui/drawer";
import { paths } from "@/config/paths";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { formatCurrency, formatDate } from "@/lib/format";
import { useInvoice } from "../api/get-invoice";
import { useApproveInvoice } from "../api/approve-invoice";
import { usePayInvoice } from "../api/pay-invoice";
import { useDisputeInvoice } from "../api/dispute-invoice";
import { useRejectInvoice } from "../api/reject-invoice";
import { useResolveInvoiceDispute } from "../api/resolve-invoice-dispute";
import { InvoiceReasonDialog, type InvoiceReasonAction } from "./invoice-reason-dialog";
import { PayInvoiceDialog } from "./pay-invoice-dialog";
import { InvoiceLines } from "./invoice-lines";
import { InvoiceDocuments } from "./invoice-documents";
import { InvoiceStatusBadge, MatchChip } from "./match-chip";

type Props = { invoice: Invoice | null; open: boolean; onOpenChange: (open: boolean) => void };

/** One invoice: its lines against the order, and the next step (approve, then pay; or dispute, resolve, reject). */
export function InvoiceDrawer({ invoice, open, onOpenChange }: Props) {
  const live = useInvoice(open && invoice ? invoice.id : null);
  const current = live.data && invoice && live.data.id === invoice.id ? live.data : invoice;
  const approve = useApproveInvoice();
  const pay = usePayInvoice();
  const dispute = useDisputeInvoice();
  const reject = useRejectInvoice();
  const resolve = useResolveInvoiceDispute();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [asking, setAsking] = useState<InvoiceReasonAction | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setComment("");
    setError(null);
    setPaying(false);
    setAsking(null);
  }, [open, invoice?.id]);

  if (!current) return null;
  const matched = current.match === "matched";
  const busy = approve.isPending || pay.isPending || dispute.isPending || reject.isPending || resolve.isPending;
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
  const openDialog = (which: "pay" | InvoiceReasonAction) => {
    setDialogError(null);
    if (which === "pay") setPaying(true);
    else setAsking(which);
  };
  const onPay = (payment: PayInvoiceBody) =>
    pay.mutate(
      { id: current.id, ...payment },
      {
        onSuccess: () => {
          setPaying(false);
          toast.success("Invoice paid", { description: `${current.number} · ${formatCurrency(current.total)}` });
        },
        onError: (failure) => setDialogError(errorMessage(failure, "The invoice could not be marked paid.")),
      },
    );
  const onReason = (reason: string) => {
    const action = asking === "reject" ? reject : dispute;
    action.mutate(
      { id: current.id, reason },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(asking === "reject" ? "Invoice rejected" : "Invoice disputed", { description: `${current.number} · ${current.vendor_name}` });
        },
        onError: (failure) => setDialogError(errorMessage(failure, "The invoice could not be changed.")),
      },
    );
  };
  const onResolve = () =>
    resolve.mutate(current.id, {
      onSuccess: () => toast.success("Dispute resolved", { description: `${current.number} is open to approve again.` }),
      onError: (failure) => setError(errorMessage(failure, "The dispute could not be resolved.")),
    });
  const mayDispute = current.status === "open" || current.status === "approved";
  const mayReject = mayDispute || current.status === "disputed";

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
          <Link className="mono" to={paths.app.purchaseOrder.getHref(current.order_id)}>
            {`Order ${current.po_number}`}
          </Link>
        </div>
        {matched ? null : (
          <Notice tone="warning">{`${invoiceMatchLabels[current.match]}: the lines below say what differs from the order or the goods received.`}</Notice>
        )}
        <InvoiceLines invoice={current} />
        {current.notes ? <p className="invoice-notes">{current.notes}</p> : null}
        <InvoiceDocuments invoiceId={current.id} />
        {current.approved_at ? (
          <p className="subtle">
            {[`Approved ${formatDate(current.approved_at)}`, current.approved_by].filter(Boolean).join(" by ")}
            {current.approval_comment ? `: “${current.approval_comment}”` : ""}
          </p>
        ) : null}
        {current.paid_at ? (
          <p className="subtle">
            {[`Paid ${formatDate(current.paid_on ?? current.paid_at)}`, current.paid_by].filter(Boolean).join(" by ")}
            {current.payment_reference ? ` · Reference ${current.payment_reference}` : ""}
          </p>
        ) : null}
        {current.status === "disputed" ? (
          <Notice tone="warning">{`Disputed${current.disputed_by ? ` by ${current.disputed_by}` : ""}: ${current.dispute_reason ?? ""}`}</Notice>
        ) : null}
        {current.status === "rejected" ? (
          <Notice tone="error">{`Rejected${current.rejected_by ? ` by ${current.rejected_by}` : ""}: ${current.rejection_reason ?? ""}`}</Notice>
        ) : null}
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
              onClick={() => openDialog("pay")}
              disabled={busy || blocked !== null}
              aria-describedby={blocked ? blockedId : undefined}
            >
              Mark paid…
            </button>
          </div>
        ) : null}
        {current.status === "disputed" ? (
          <div className="stack">
            <FormError message={error} />
            <button type="button" className="btn btn-primary" onClick={onResolve} disabled={busy}>
              {resolve.isPending ? "Resolving…" : "Resolve dispute"}
            </button>
          </div>
        ) : null}
        {mayReject ? (
          <div className="invoice-secondary-actions">
            {mayDispute ? (
              <button type="button" className="btn" onClick={() => openDialog("dispute")} disabled={busy}>
                Dispute…
              </button>
            ) : null}
            <button type="button" className="btn btn-danger" onClick={() => openDialog("reject")} disabled={busy}>
              Reject…
            </button>
          </div>
        ) : null}
      </div>
      <PayInvoiceDialog invoice={paying ? current : null} busy={pay.isPending} error={dialogError} onConfirm={onPay} onCancel={() => setPaying(false)} />
      <InvoiceReasonDialog
        subject={asking ? { invoice: current, action: asking } : null}
        busy={dispute.isPending || reject.isPending}
        error={dialogError}
        onConfirm={onReason}
        onCancel={() => setAsking(null)}
      />
    </Drawer>
  );
}
