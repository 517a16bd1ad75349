import { Link } from "react-router-dom";
import type { PurchaseRequest } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatCurrency, formatRecency } from "@/lib/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { DecisionButtons } from "./decision-buttons";

const COLUMNS = 5;
const LOADING_ROWS = 6;

type Props = { requests: PurchaseRequest[]; loading: boolean; emptyMessage: string };

export function RequestsTable({ requests, loading, emptyMessage }: Props) {
  return (
    <div className="table-wrap">
      <table className="table table-responsive requests-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col" className="actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <TableSkeletonRows rows={LOADING_ROWS} columns={COLUMNS} />
          ) : requests.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS}>
                <EmptyState title={emptyMessage} />
              </td>
            </tr>
          ) : (
            requests.map((request) => (
              <tr key={request.id} data-request-id={request.id}>
                <td className="request-title-cell">
                  <Link to={paths.app.request.getHref(request.id)} className="request-title-link">
                    {request.title}
                  </Link>
                  <span className="subtle">
                    {[request.vendor_name, formatRecency(request.created_at)].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td className="num" data-label="Amount">{formatCurrency(request.amount)}</td>
                <td data-label="Category">{request.category_name || "Uncategorised"}</td>
                <td data-label="Status">
                  <StatusBadge status={request.status} />
                </td>
                <td className="actions" data-label="Actions">
                  <DecisionButtons request={request} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
