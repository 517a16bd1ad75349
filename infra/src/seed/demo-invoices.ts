import type { Invoice, PurchaseOrder, PurchaseRequest } from "@procure/contracts";
import { addDays, localDay } from "@procure/projections/purchasing";
import type { InjectClient } from "./api-client.ts";
import type { DemoTokens } from "./demo-seed.ts";

const day = (offset: number) => localDay(addDays(new Date(), offset));

/**
 * Vendor invoices in every match state: one matched and paid, one matched and approved, one over-invoiced and one
 * priced above the order beyond the tolerance, on issued orders due late enough that receiving them changes no figure
 * the dashboard shows; and one awaiting receipt, on the order for a request in a `budgeted` category, so the Budgets
 * screen shows what was invoiced as spent.
 */
export async function seedInvoices(client: InjectClient, tokens: DemoTokens, orders: PurchaseOrder[], budgeted: readonly string[]): Promise<void> {
  const buyer = client.as(tokens.buyer);
  const finance = client.as(tokens.finance);
  // Separation of duties: finance records and pays, and someone else (the admin) approves in between.
  const admin = client.as(tokens.admin);
  const [received, variance] = [...orders]
    .filter((order) => order.status === "issued" && order.vendor_id && !order.request_id && order.expected_date && order.expected_date > day(9))
    .sort((a, b) => b.expected_date!.localeCompare(a.expected_date!));
  if (!received || !variance) throw new Error("The demo orders have no two issued orders without a request to invoice.");
  const awaiting = await firstForBudgeted(finance, orders, budgeted);
  if (!awaiting) throw new Error("The demo orders have no issued order for a request in a budgeted category to invoice.");
  const only = (order: PurchaseOrder) => order.lines[0]!;
  const record = (order: PurchaseOrder, number: string, quantity: number, unit_price: number, daysAgo: number, notes: string | null = null) =>
    finance.call<Invoice>("POST", "/api/invoices", {
      order_id: order.id,
      number,
      invoice_date: day(-daysAgo),
      lines: [{ line_id: only(order).id, quantity, unit_price }],
      notes,
    });

  await buyer.call("POST", `/api/orders/${received.id}/receipts`, { lines: [{ line_id: only(received).id, quantity: 1 }], note: "Delivered in full." });
  const paid = await record(received, "INV-20417", 0.5, only(received).unit_price, 12, "First half, as agreed.");
  const approved = await record(received, "INV-20533", 0.5, only(received).unit_price, 6, "Second half.");
  await record(received, "INV-20534", 0.25, only(received).unit_price, 2, "Billed again by mistake?");
  await admin.call("POST", `/api/invoices/${paid.id}/approve`, {});
  await finance.call("POST", `/api/invoices/${paid.id}/pay`, { paid_on: day(-2), reference: "BACS 0419-2217" });
  await admin.call("POST", `/api/invoices/${approved.id}/approve`, { comment: "Matches the delivery note." });
  await record(awaiting, "A-7781", 1, only(awaiting).unit_price, 3, "Invoiced on dispatch.");
  await record(variance, "88-1042", 1, Math.round(only(variance).unit_price * 104.5) / 100, 4);
}

async function firstForBudgeted(finance: InjectClient, orders: PurchaseOrder[], budgeted: readonly string[]): Promise<PurchaseOrder | undefined> {
  for (const order of orders) {
    if (order.status !== "issued" || !order.request_id || order.lines.length !== 1) continue;
    const request = await finance.call<PurchaseRequest>("GET", `/api/requests/${order.request_id}`);
    if (request.category_id && budgeted.includes(request.category_id)) return order;
  }
  return undefined;
}
