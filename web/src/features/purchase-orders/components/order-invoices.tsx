import { Link } from "react-router-dom";
import { invoiceMatchLabels, invoiceStatusLabels, type PurchaseOrder } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatCurrency, formatDate } from "@/lib/format";
import { useOrderInvoices } from "../api/get-order-invoices";
import { RecordInvoiceLink } from "./record-invoice-link";

/** The vendor's invoices on this order, for those who may read invoices; each opens on the Invoices screen. */
export function OrderInvoices({ order }: { order: PurchaseOrder }) {
  const invoices = useOrderInvoices(order.id);
  const items = invoices.data ?? [];
  return (
    <section className="card po-section" aria-labelledby="po-invoices-title">
      <div className="card-header">
        <h2 id="po-invoices-title" className="card-title">
          Invoices
        </h2>
      </div>
      <div className="card-body po-section-body">
        {invoices.isError ? (
          <p className="field-error" role="alert">
            The invoices could not be loaded.{" "}
            <button type="button" className="btn btn-sm" onClick={() => void invoices.refetch()}>
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="field-hint">{invoices.isPending ? "Loading invoices…" : "No invoices on this order yet."}</p>
        ) : (
          <ul className="po-receipt-list">
            {items.map((invoice) => (
              <li key={invoice.id} className="po-receipt" data-testid="po-invoice">
                <span className="po-receipt-what">
                  <Link to={paths.app.invoices.getHref({ q: invoice.number })}>{`Invoice ${invoice.number}`}</Link>
                  {` · ${formatCurrency(invoice.total)}`}
                </span>
                <span className="po-receipt-meta">
                  {[formatDate(invoice.invoice_date), invoiceMatchLabels[invoice.match], invoiceStatusLabels[invoice.status]].join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
        <RecordInvoiceLink order={order} />
      </div>
    </section>
  );
}
