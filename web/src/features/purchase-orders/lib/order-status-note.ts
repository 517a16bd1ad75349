import type { PurchaseOrder } from "@procure/contracts";

/** What the order's status means for the goods, said beside it on the order's page. */
export function orderStatusNote(order: Pick<PurchaseOrder, "status">): string {
  switch (order.status) {
    case "draft":
      return "Not yet issued: goods are received once the order is issued.";
    case "issued":
      return "Awaiting delivery: record a receipt as goods arrive.";
    case "receiving":
      return "Some goods received, some still open; set by the receipts.";
    case "received":
      return "Every line received; set by the receipts.";
    case "cancelled":
      return "Cancelled: no further goods are expected.";
  }
}
