import { Link } from "react-router-dom";
import { canSee, type PurchaseOrder } from "@procure/contracts";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";

const billable = ["issued", "receiving", "received"];

/** Finance and admins record the vendor's invoice for an order from its page, on the Invoices screen. */
export function RecordInvoiceLink({ order }: { order: PurchaseOrder }) {
  const { role } = useSession();
  if (!role || !canSee(role, "invoices") || !order.vendor_id || !billable.includes(order.status)) return null;
  const invoiced = order.lines.some((line) => line.invoiced_quantity > 0);
  return (
    <p className="po-invoice-link">
      <Link className="btn btn-sm" to={paths.app.invoices.getHref({ record: order.id })}>
        Record invoice
      </Link>
      {invoiced ? (
        <span className="field-hint">{`Invoiced so far: ${order.lines.map((l) => `${l.invoiced_quantity} of ${l.quantity} ${l.description}`).join(", ")}`}</span>
      ) : null}
    </p>
  );
}
