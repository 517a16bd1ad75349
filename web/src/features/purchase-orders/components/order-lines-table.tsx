import { lineAmount, openQuantity, type PurchaseOrder } from "@procure/contracts";
import { formatCurrency } from "@/lib/format";

/** What was ordered on each line, what came, what is still open and, once invoiced, how much was billed. */
export function OrderLinesTable({ order }: { order: PurchaseOrder }) {
  const invoiced = order.lines.some((line) => line.invoiced_quantity > 0);
  return (
    <section className="card po-section" aria-labelledby="po-lines-title">
      <div className="card-header">
        <h2 id="po-lines-title" className="card-title">
          Lines
        </h2>
        <span className="po-lines-total">{formatCurrency(order.total)}</span>
      </div>
      <div className="table-wrap">
        <table className="table table-responsive po-lines-table">
          <caption className="visually-hidden">The order's lines: quantities ordered, received and still open</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Ordered
              </th>
              <th scope="col" className="num">
                Received
              </th>
              <th scope="col" className="num">
                Open
              </th>
              {invoiced ? (
                <th scope="col" className="num">
                  Invoiced
                </th>
              ) : null}
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} data-testid="po-line">
                <td data-label="Description">{line.description}</td>
                <td className="num" data-label="Ordered">
                  {line.quantity}
                </td>
                <td className="num" data-label="Received">
                  {line.received_quantity}
                </td>
                <td className="num" data-label="Open">
                  {openQuantity(line)}
                </td>
                {invoiced ? (
                  <td className="num" data-label="Invoiced">
                    {line.invoiced_quantity}
                  </td>
                ) : null}
                <td className="num" data-label="Unit price">
                  {formatCurrency(line.unit_price)}
                </td>
                <td className="num" data-label="Amount">
                  {formatCurrency(lineAmount(line))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
