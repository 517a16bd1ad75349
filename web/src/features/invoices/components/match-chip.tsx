import { invoiceMatchLabels, invoiceStatusLabels, type InvoiceMatchState, type InvoiceStatus } from "@procure/contracts";

const matchTones: Record<InvoiceMatchState, string> = {
  matched: "badge-success",
  awaiting_receipt: "badge-warning",
  price_variance: "badge-danger",
  over_invoiced: "badge-danger",
};
const statusTones: Record<InvoiceStatus, string> = {
  open: "",
  approved: "badge-warning",
  paid: "badge-success",
  disputed: "badge-danger",
  rejected: "badge-plain",
};

export function MatchChip({ match }: { match: InvoiceMatchState }) {
  return <span className={`badge ${matchTones[match]}`}>{invoiceMatchLabels[match]}</span>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge ${statusTones[status]}`.trim()}>{invoiceStatusLabels[status]}</span>;
}
