import {
  addQuantities,
  allReceived,
  anyReceived,
  linesTotal,
  linesTotalMessage,
  openQuantity,
  orderTotalTooLargeMessage,
  poAwaitingReceiptStatuses,
  poReceiptStatuses,
  receiptSetsStatusMessage,
  subtractQuantities,
  toCents,
  totalLine,
  totalMessage,
  type NewEvent,
  type OrderCommand,
  type OrderLineData,
  type PoFormStatus,
} from "@procure/contracts";
import { conflict, DomainError, invalid, notFound } from "./domain-error.ts";
import type { OrderFields, OrderState } from "./purchase-order.ts";
import { newlyMatched } from "./order-invoices.ts";
import { requireAmountWithinMax, requireLinesWithinMax } from "./amount-bounds.ts";

type SaveOrder = Extract<OrderCommand, { type: "SaveOrder" }>;
type ReceiveOrder = Extract<OrderCommand, { type: "ReceiveOrder" }>;

export const receiptStatusMessage = "Once goods are received the status follows them; record a receipt, or cancel the order.";

/**
 * The lines and total a save leaves. Sent lines set both (a sent total must be their sum); without lines, an order
 * of one line of quantity 1 takes the total as that line's price, and any other order keeps lines and total.
 */
export function savedLines(command: SaveOrder, before: OrderFields | null, orderId: string): { lines: OrderLineData[]; total: number } {
  const total = command.fields.total === null ? null : toCents(command.fields.total);
  if (command.lines) {
    const lines = keepReceived(command.lines, before?.lines ?? []);
    requireLinesWithinMax(lines, orderTotalTooLargeMessage);
    const sum = linesTotal(lines);
    if (total !== null && total !== sum) throw invalid(linesTotalMessage, { total, lines_total: sum });
    return { lines, total: sum };
  }
  if (total === null) {
    if (!before) throw invalid(totalMessage);
    return { lines: before.lines, total: before.total };
  }
  // A total alone is one line's price: the order's total and that line's amount.
  if (total !== before?.total) requireAmountWithinMax(total, orderTotalTooLargeMessage);
  if (!before) return { lines: [totalLine(orderId, total)], total };
  const [only, ...more] = before.lines;
  if (only && more.length === 0 && only.quantity === 1) return { lines: [{ ...only, unit_price: total }], total };
  if (total !== before.total) throw invalid(linesTotalMessage, { total, lines_total: before.total });
  return { lines: before.lines, total };
}

/** Sent lines keep what was received of them; a line with goods received can be neither dropped nor cut below them. */
function keepReceived(sent: SaveOrder["lines"] & {}, before: readonly OrderLineData[]): OrderLineData[] {
  const ids = new Set(sent.map((line) => line.id));
  if (ids.size !== sent.length) throw invalid("Each order line appears once.");
  const dropped = before.find((line) => line.received_quantity > 0 && !ids.has(line.id));
  if (dropped) throw conflict(`"${dropped.description}" has goods received and cannot be removed.`);
  const prior = new Map(before.map((line) => [line.id, line]));
  return sent.map((line) => {
    const received = prior.get(line.id)?.received_quantity ?? 0;
    if (subtractQuantities(line.quantity, received) < 0) {
      throw conflict(`${received} of "${line.description}" has been received; the quantity cannot be less.`);
    }
    return {
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unit_price: toCents(line.unit_price),
      item_id: line.item_id ?? null,
      received_quantity: received,
    };
  });
}

/**
 * Receipts set receiving and received: a save may keep an order at the one it has, never pick one. Once goods are
 * received the status follows them: no other status can be picked by hand but cancelled, and an order kept at its
 * status is set again from its lines (an added line reopens it).
 */
export function savedStatus(asked: PoFormStatus, before: OrderFields | null, lines: readonly OrderLineData[]): PoFormStatus {
  if (poReceiptStatuses.includes(asked) && asked !== before?.status) throw invalid(receiptSetsStatusMessage, { status: asked });
  if (!before || !anyReceived(before.lines) || asked === "cancelled") return asked;
  if (asked !== before.status) throw conflict(receiptStatusMessage);
  return poReceiptStatuses.includes(asked) ? receiptStatus(lines) : asked;
}

const receiptStatus = (lines: readonly OrderLineData[]): PoFormStatus => (allReceived(lines) ? "received" : "receiving");

/**
 * A receipt against an issued or receiving order: no line gets more than is still open on it. The order's save
 * beside it carries the lines' received quantities and the status they set.
 */
export function receiveOrder(state: OrderState, command: ReceiveOrder): NewEvent[] {
  if (!state.exists || state.deleted) throw notFound("Purchase order not found.");
  const { fields } = state;
  if (!poAwaitingReceiptStatuses.includes(fields.status)) {
    throw new DomainError("conflict", `Only issued or receiving orders take receipts; this order is ${fields.status}.`, { status: fields.status });
  }
  const receiving = new Map<string, number>();
  for (const { line_id, quantity } of command.receipt.lines) {
    if (!fields.lines.some((line) => line.id === line_id)) throw invalid("Unknown order line", { line_id });
    receiving.set(line_id, addQuantities(receiving.get(line_id) ?? 0, quantity));
  }
  const lines = fields.lines.map((line) => {
    const quantity = receiving.get(line.id);
    if (quantity === undefined) return line;
    const open = openQuantity(line);
    if (subtractQuantities(open, quantity) < 0) {
      const message = `Only ${open} of "${line.description}" is still open to receive.`;
      throw new DomainError("conflict", message, { line_id: line.id, open_quantity: open });
    }
    return { ...line, received_quantity: addQuantities(line.received_quantity, quantity) };
  });
  return [
    { type: "PurchaseOrderReceived", data: { order_id: state.id, po_number: fields.po_number, ...command.receipt } },
    { type: "PurchaseOrderSaved", data: { order_id: state.id, ...fields, lines, status: receiptStatus(lines) } },
    ...newlyMatched(state, lines),
  ];
}
