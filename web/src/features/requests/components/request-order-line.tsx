import type { PurchaseRequest } from "@procure/contracts";
import { useRequestOrder } from "../api/get-request-order";

/** The order a request became: its number at once from the request, its live status once asked. */
export function RequestOrderLine({ request }: { request: PurchaseRequest }) {
  const order = useRequestOrder(request.id, Boolean(request.order_id));
  if (!request.po_number) return <>Not yet ordered</>;
  return (
    <>
      {request.po_number}
      {order.data ? <span className="subtle">{` · ${order.data.status}`}</span> : null}
    </>
  );
}
