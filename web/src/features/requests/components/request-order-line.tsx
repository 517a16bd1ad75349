import { Link } from "react-router-dom";
import type { PurchaseRequest } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { orderHref } from "@/lib/order-href";
import { useRequestOrder } from "../api/get-request-order";

/** The order a request became: its number at once from the request, a link to it for those who see orders, its live status once asked. */
export function RequestOrderLine({ request }: { request: PurchaseRequest }) {
  const { role } = useSession();
  const order = useRequestOrder(request.id, Boolean(request.order_id));
  if (!request.po_number) return <>Not yet ordered</>;
  const href = request.order_id ? orderHref(role, request.order_id) : null;
  return (
    <>
      {href ? (
        <Link className="mono" to={href}>
          {request.po_number}
        </Link>
      ) : (
        request.po_number
      )}
      {order.data ? <span className="subtle">{` · ${order.data.status}`}</span> : null}
    </>
  );
}
