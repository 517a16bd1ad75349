import type { Invoice, InvoiceLine } from "@procure/contracts";
import { formatCurrency } from "@/lib/format";

/** What is wrong with a line, in words: the numbers finance checks against the order and the goods. */
export function lineExplanation(line: InvoiceLine, tolerance: number): string | null {
  switch (line.issue) {
    case "price_variance":
      return `Billed at ${formatCurrency(line.unit_price)}, ordered at ${formatCurrency(line.order_unit_price)}${
        line.variance_percent === null ? "" : ` (${line.variance_percent > 0 ? "+" : ""}${line.variance_percent}%)`
      }: more than the ${tolerance}% tolerance.`;
    case "over_invoiced":
      return `${line.invoiced_before + line.quantity} invoiced in all, only ${line.ordered_quantity} ordered.`;
    case "awaiting_receipt":
      return `${line.invoiced_before + line.quantity} invoiced in all, ${line.received_quantity} received so far.`;
    default:
      return null;
  }
}

export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <ul className="invoice-lines" aria-label="Invoice lines">
      {invoice.lines.map((line) => {
        const why = lineExplanation(line, invoice.tolerance_percent);
        return (
          <li key={line.line_id} className="invoice-line" data-testid="invoice-line" data-issue={line.issue ?? "none"}>
            <span className="invoice-line-what">{`${line.quantity} × ${line.description}`}</span>
            <span className="invoice-line-amount">{`${formatCurrency(line.unit_price)} each · ${formatCurrency(line.amount)}`}</span>
            <span className={why ? "invoice-line-why" : "invoice-line-ok"}>{why ?? "Matches the order and the goods received."}</span>
          </li>
        );
      })}
    </ul>
  );
}
