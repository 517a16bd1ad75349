import { useEffect, type ComponentProps } from "react";
import { Link } from "react-router-dom";
import type { PurchaseRequest, RequestSortField } from "@procure/contracts";
import { SortHeader } from "@/components/ui/sort-header";
import { paths } from "@/config/paths";
import { formatCurrency, formatRecency } from "@/lib/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { useWindowRows } from "@/lib/use-window-rows";
import { DecisionButtons } from "./decision-buttons";
import { PriorityBadge } from "@/components/ui/request-urgency";

const COLUMNS = 5;
const LOADING_ROWS = 6;
const ROW_HEIGHT = 64;
/** How close to the last loaded row the next page is asked for, so scrolling rarely meets the end. */
const PREFETCH_ROWS = 20;

type Sort = RequestSortField | `-${RequestSortField}`;
type Props = {
  requests: PurchaseRequest[];
  loading: boolean;
  emptyMessage: string;
  onNearEnd?: () => void;
  /** Without it the headers are plain: the list's order is fixed (the approvals queue). */
  sort?: Sort;
  onSort?: (next: Sort) => void;
};

/** Only the rows near the viewport are in the page: thousands of loaded requests cost what a screenful does. */
export function RequestsTable({ requests, loading, emptyMessage, onNearEnd, sort, onSort }: Props) {
  const rows = useWindowRows<HTMLTableSectionElement>(requests.length, ROW_HEIGHT);
  const nearEnd = rows.lastIndex >= requests.length - PREFETCH_ROWS;
  useEffect(() => {
    if (nearEnd && requests.length > 0) onNearEnd?.();
  }, [nearEnd, requests.length, onNearEnd]);

  return (
    <div className="table-wrap">
      <table className="table table-responsive requests-table">
        <thead>
          <tr>
            <ColumnHeader field="title" sort={sort} onSort={onSort}>
              Title
            </ColumnHeader>
            <ColumnHeader field="amount" sort={sort} onSort={onSort} first="desc" className="num">
              Amount
            </ColumnHeader>
            <th scope="col">Category</th>
            <ColumnHeader field="status" sort={sort} onSort={onSort}>
              Status
            </ColumnHeader>
            <th scope="col" className="actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody aria-busy={loading} ref={rows.ref}>
          {loading ? (
            <TableSkeletonRows rows={LOADING_ROWS} columns={COLUMNS} />
          ) : requests.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS}>
                <EmptyState title={emptyMessage} />
              </td>
            </tr>
          ) : (
            <>
              <SpacerRow height={rows.before} />
              {rows.items.map(({ index }) => {
                const request = requests[index]!;
                return (
                  <tr key={request.id} data-request-id={request.id} data-index={index} ref={rows.measure}>
                    <td className="request-title-cell cell-stacked">
                      <Link to={paths.app.request.getHref(request.id)} className="request-title-link">
                        {request.title}
                      </Link>
                      <span className="subtle">
                        {/* Only what stands out is flagged: most requests are normal, and a badge on each would say nothing. */}
                        {request.priority === "high" || request.priority === "urgent" ? <PriorityBadge priority={request.priority} /> : null}{" "}
                        {[request.vendor_name, formatRecency(request.created_at)].filter(Boolean).join(" · ")}
                      </span>
                    </td>
                    <td className="num" data-label="Amount">
                      {formatCurrency(request.amount)}
                    </td>
                    <td data-label="Category">{request.category_name || "Uncategorised"}</td>
                    <td data-label="Status">
                      <StatusBadge status={request.status} />
                    </td>
                    <td className="actions" data-label="Actions">
                      <DecisionButtons request={request} />
                    </td>
                  </tr>
                );
              })}
              <SpacerRow height={rows.after} />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A sortable header where the list can be sorted; a plain one where its order is fixed (the approvals queue). */
function ColumnHeader({
  sort,
  onSort,
  ...props
}: Omit<ComponentProps<typeof SortHeader<RequestSortField>>, "sort" | "onSort"> & Pick<Props, "sort" | "onSort">) {
  if (sort && onSort) return <SortHeader {...props} sort={sort} onSort={onSort} />;
  return (
    <th scope="col" className={props.className}>
      {props.children}
    </th>
  );
}

/** Stands in for the rows above or below the viewport that are not rendered. */
function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="table-spacer">
      <td colSpan={COLUMNS} style={{ height }} />
    </tr>
  );
}
