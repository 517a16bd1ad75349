import { Link } from "react-router-dom";
import { invoiceMatchLabels, invoiceStatusLabels, type PurchaseOrder } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatCurrency, formatDate } from "@/lib/format";
import { useOrderInvoices } from "../api/get-order-invoices";
import { RecordInvoiceLink } from "./record-invoice-link";
import { OrderSection } from "./order-section";

/** The vendor's invoices on this order, for those who may read invoices; each opens on the Invoices screen. */
export function OrderInvoices({ order }: { order: PurchaseOrder }) {
  const invoices = useOrderInvoices(order.id);
  const items = invoices.data ?? [];
  return (
    <OrderSection
      id="po-invoices-title"
      title="Invoices"
      query={invoices}
      empty={items.length === 0}
      texts={{ failed: "The invoices could not be loaded.", loading: "Loading invoices…", empty: "No invoices on this order yet." }}
      footer={<RecordInvoiceLink order={order} />}
    >
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
    </OrderSection>
  );
}
