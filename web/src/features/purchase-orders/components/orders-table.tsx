import { Link } from "react-router-dom";
import type { PurchaseOrder } from "@procure/contracts";
import { paths } from "@/config/paths";
import { SortHeader } from "@/components/ui/sort-header";
import type { OrderSort } from "../lib/order-filters";
import { formatCurrency, formatRecency } from "@/lib/format";
import { ListEmptyRow } from "@/components/ui/list-empty-row";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { DueHintText } from "./due-hint";
import { PoStatusBadge } from "./po-status-badge";

const COLUMNS = 6;
const LOADING_ROWS = 5;

type Props = {
  orders: PurchaseOrder[];
  loading: boolean;
  filtered: boolean;
  onEdit: (order: PurchaseOrder) => void;
  onReset: () => void;
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
};

export function OrdersTable({ orders, loading, filtered, onEdit, onReset, sort, onSort }: Props) {
  return (
    <div className="table-wrap">
      <table className="table table-responsive po-table">
        <caption className="visually-hidden">Purchase orders; the column headers sort the list</caption>
        <thead>
          <tr>
            <SortHeader field="po_number" sort={sort} onSort={onSort}>
              PO #
            </SortHeader>
            <SortHeader field="vendor_name" sort={sort} onSort={onSort}>
              Vendor
            </SortHeader>
            <SortHeader field="total" sort={sort} onSort={onSort} first="desc" className="num">
              Total
            </SortHeader>
            <SortHeader field="status" sort={sort} onSort={onSort}>
              Status
            </SortHeader>
            <SortHeader field="updated_at" sort={sort} onSort={onSort} first="desc">
              Updated
            </SortHeader>
            <th scope="col" className="actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <TableSkeletonRows rows={LOADING_ROWS} columns={COLUMNS} />
          ) : orders.length === 0 ? (
            <ListEmptyRow
              columns={COLUMNS}
              filtered={filtered}
              onReset={onReset}
              noMatchTitle="No purchase orders match your filters."
              emptyTitle="No purchase orders yet."
              hint="Raise one with New PO, or start from an approved request."
            />
          ) : (
            orders.map((order) => (
              <tr key={order.id} data-testid="po-row" data-order-id={order.id}>
                <td className="po-number-cell" data-label="PO #">
                  <Link className="mono" to={paths.app.purchaseOrder.getHref(order.id)}>
                    {order.po_number}
                  </Link>
                </td>
                <td data-label="Vendor">{order.vendor_name}</td>
                <td className="num" data-label="Total">
                  {formatCurrency(order.total)}
                </td>
                <td data-label="Status">
                  <PoStatusBadge status={order.status} />
                </td>
                <td data-label="Updated">
                  <span className="po-updated">
                    <span>{formatRecency(order.updated_at)}</span>
                    <DueHintText status={order.status} expectedDate={order.expected_date} />
                  </span>
                </td>
                <td className="actions" data-label="Actions">
                  <button type="button" className="btn btn-sm" aria-label={`Edit ${order.po_number}`} onClick={() => onEdit(order)}>
                    Edit
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
