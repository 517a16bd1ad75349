import { useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { can, type PurchaseOrder } from "@procure/contracts";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useSession } from "@/lib/auth";
import { formatCurrency, formatDate, formatRecency } from "@/lib/format";
import { requestHref } from "@/lib/request-href";
import { useReturnFocus } from "@/lib/use-return-focus";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useOrder } from "../api/get-order";
import { orderStatusNote } from "../lib/order-status-note";
import { DueHintText } from "./due-hint";
import { OrderDrawer } from "./order-drawer";
import { OrderHistory } from "./order-history";
import { OrderInvoices } from "./order-invoices";
import { OrderLinesTable } from "./order-lines-table";
import { PoStatusBadge } from "./po-status-badge";
import { ReceivePanel } from "./receive-panel";
import "../purchase-orders.css";

/** One order: its lines, the goods received against them (received here), its invoices and its history. */
export function OrderPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);

  if (order.isPending) {
    return (
      <section className="card po-order-page" aria-busy="true" aria-label="Purchase order">
        <div className="card-body po-order-loading">
          <Spinner />
          <span>Loading the order…</span>
        </div>
      </section>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <section className="card po-order-page" aria-label="Purchase order">
        <div className="card-body stack" style={{ gap: 12 }}>
          <Notice tone="error" role="alert">
            {missing
              ? "This purchase order does not exist or was deleted."
              : `The order could not be loaded: ${errorMessage(order.error, "Unable to fetch the purchase order.")}`}{" "}
            {missing ? null : (
              <button type="button" className="btn btn-sm" onClick={() => void order.refetch()}>
                Try again
              </button>
            )}
          </Notice>
          <p>
            <Link to={paths.app.purchaseOrders.getHref()}>Back to purchase orders</Link>
          </p>
        </div>
      </section>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: PurchaseOrder }) {
  const { role } = useSession();
  const navigate = useNavigate();
  // The drawer edits the order as it was when opened; a receipt meanwhile reaches it through its own live read.
  const [editing, setEditing] = useState<PurchaseOrder | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus(editButton);
  const request = order.request_id ? requestHref(role, order.request_id) : null;

  const onOpenChange = (open: boolean) => {
    if (open) return;
    setEditing(null);
    focus.restore();
  };

  return (
    <div className="stack po-order-page" style={{ gap: 18 }}>
      <section className="card" aria-labelledby="po-order-title">
        <div className="card-header">
          <div className="po-order-heading">
            <h2 id="po-order-title" className="po-order-number mono">
              {order.po_number}
            </h2>
            <PoStatusBadge status={order.status} />
          </div>
          <div className="po-order-actions">
            <Link className="btn btn-ghost" to={paths.app.purchaseOrders.getHref()}>
              All orders
            </Link>
            {can(role, "orders:write") ? (
              <button
                ref={editButton}
                type="button"
                className="btn"
                onClick={() => {
                  focus.remember();
                  setEditing(order);
                }}
              >
                Edit
              </button>
            ) : null}
          </div>
        </div>
        <div className="card-body">
          <p className="po-status-note" data-testid="po-status-note">
            {orderStatusNote(order)}
          </p>
          <dl className="po-facts">
            <div>
              <dt>Vendor</dt>
              <dd>{order.vendor_name}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatCurrency(order.total)}</dd>
            </div>
            <div>
              <dt>Expected</dt>
              <dd className="po-updated">
                <span>{order.expected_date ? formatDate(order.expected_date) : "No date set"}</span>
                <DueHintText status={order.status} expectedDate={order.expected_date} />
              </dd>
            </div>
            <div>
              <dt>Request</dt>
              <dd>{request ? <Link to={request}>Open the request</Link> : order.request_id ? "Linked" : "None"}</dd>
            </div>
            {order.created_by ? (
              <div>
                <dt>Raised by</dt>
                <dd>{order.created_by}</dd>
              </div>
            ) : null}
            <div>
              <dt>Updated</dt>
              <dd>{formatRecency(order.updated_at)}</dd>
            </div>
            {order.notes ? (
              <div className="po-facts-wide">
                <dt>Notes</dt>
                <dd className="po-notes">{order.notes}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>
      <OrderLinesTable order={order} />
      <ReceivePanel order={order} mayRecord={can(role, "orders:receive")} />
      {can(role, "invoices:read") ? <OrderInvoices order={order} /> : null}
      <OrderHistory orderId={order.id} />
      <OrderDrawer
        order={editing ?? order}
        open={editing !== null}
        onPage
        onOpenChange={onOpenChange}
        onDeleted={() => {
          setEditing(null);
          navigate(paths.app.purchaseOrders.getHref(), { replace: true });
        }}
      />
    </div>
  );
}
