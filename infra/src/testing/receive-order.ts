import { openQuantity, purchaseOrder, type PurchaseOrder } from "@procure/contracts";
import { expectCall } from "./http.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Receiving and received are set by receipts, never by a save: a test that needs an order there records one. "all"
 * receives everything still open; "part" half of the first open line, which leaves the order receiving.
 */
export async function receiveOrder(t: TestApp, token: string, order: PurchaseOrder, how: "all" | "part"): Promise<PurchaseOrder> {
  const open = order.lines.map((line) => ({ line_id: line.id, quantity: openQuantity(line) })).filter((line) => line.quantity > 0);
  const lines = how === "all" ? open : open.slice(0, 1).map((line) => ({ ...line, quantity: Math.floor(line.quantity * 500) / 1000 }));
  await expectCall(t, "POST", `/api/orders/${order.id}/receipts`, { token, body: { lines }, status: 201 });
  return expectCall(t, "GET", `/api/orders/${order.id}`, { token, schema: purchaseOrder });
}
