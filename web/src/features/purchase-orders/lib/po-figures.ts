import type { Dashboard } from "@procure/contracts";

/**
 * The PO screen's KPI figures, read from the server's purchase-order groups (dashboard read model). The groups hold
 * draft in "open", so open + receiving is exactly draft, issued and receiving; the late count covers the same
 * statuses, which is the screen's overdue rule.
 */
export type PoFigures = {
  total: number;
  open: number;
  receiving: number;
  closed: number;
  cancelled: number;
  overdue: number;
  dueNext7Days: number;
  committedSpend: number;
  totalAmount: number;
  awaitingReceipt: number;
};

export function poFigures(po: Dashboard["purchaseOrders"]): PoFigures {
  return {
    total: po.open + po.closed + po.cancelled,
    open: po.open,
    receiving: po.receiving,
    closed: po.closed,
    cancelled: po.cancelled,
    overdue: po.pastDue,
    dueNext7Days: po.dueNext7Days,
    committedSpend: po.committedSpend,
    totalAmount: po.totalAmount,
    awaitingReceipt: po.awaitingReceiptAmount,
  };
}

export type GroupBar = { key: "open" | "receiving" | "closed" | "cancelled"; label: string; count: number };

/** Bars for the chart: receiving orders are shown once, in their own bar, rather than inside "open" too. */
export function groupBars(figures: PoFigures): GroupBar[] {
  return [
    { key: "open", label: "Draft or issued", count: Math.max(0, figures.open - figures.receiving) },
    { key: "receiving", label: "Receiving", count: figures.receiving },
    { key: "closed", label: "Received", count: figures.closed },
    { key: "cancelled", label: "Cancelled", count: figures.cancelled },
  ];
}
