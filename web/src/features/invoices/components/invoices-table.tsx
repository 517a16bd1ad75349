import { Link } from "react-router-dom";
import type { Invoice } from "@procure/contracts";
import { paths } from "@/config/paths";
import { ListEmptyRow } from "@/components/ui/list-empty-row";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { formatCurrency, formatDate } from "@/lib/format";
import { InvoiceStatusBadge, MatchChip } from "./match-chip";

const COLUMNS = 7;

type Props = { invoices: Invoice[]; loading: boolean; filtered: boolean; onOpen: (invoice: Invoice) => void; onReset: () => void };

export function InvoicesTable({ invoices, loading, filtered, onOpen, onReset }: Props) {
  return (
    <div className="table-wrap">
      <table className="table table-responsive invoice-table">
        <caption className="visually-hidden">Vendor invoices, newest invoice date first</caption>
        <thead>
          <tr>
            <th scope="col">Invoice #</th>
            <th scope="col">PO #</th>
            <th scope="col">Vendor</th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">Match</th>
            <th scope="col">Status</th>
            <th scope="col" className="actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <TableSkeletonRows rows={5} columns={COLUMNS} />
          ) : invoices.length === 0 ? (
            <ListEmptyRow
              columns={COLUMNS}
              filtered={filtered}
              onReset={onReset}
              noMatchTitle="No invoices match your filters."
              emptyTitle="No invoices yet."
              hint="Record a vendor's invoice against a purchase order with Record invoice."
            />
          ) : (
            invoices.map((invoice) => (
              <tr key={invoice.id} data-testid="invoice-row" data-invoice-id={invoice.id}>
                <td data-label="Invoice #">
                  <span className="mono">{invoice.number}</span>
                  <span className="subtle invoice-date">{formatDate(invoice.invoice_date)}</span>
                </td>
                <td data-label="PO #">
                  <Link className="mono" to={paths.app.purchaseOrder.getHref(invoice.order_id)}>
                    {invoice.po_number}
                  </Link>
                </td>
                <td data-label="Vendor">{invoice.vendor_name}</td>
                <td className="num" data-label="Total">
                  {formatCurrency(invoice.total)}
                </td>
                <td data-label="Match">
                  <MatchChip match={invoice.match} />
                </td>
                <td data-label="Status">
                  <InvoiceStatusBadge status={invoice.status} />
                </td>
                <td className="actions" data-label="Actions">
                  <button type="button" className="btn btn-sm" aria-label={`Open invoice ${invoice.number}`} onClick={() => onOpen(invoice)}>
                    Open
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
