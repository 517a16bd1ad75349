import type { ColumnType } from "kysely";
import type { OrderLineData } from "@procure/contracts";

/** Row types of the purchasing read models, merged into the read-model schema so queries over them are typed. */

export interface VendorsRow {
  id: string;
  name: string;
  status: string;
  risk: string;
  website: string | null;
  notes: string | null;
  renewal_date: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface OrdersRow {
  id: string;
  po_number: string;
  vendor_id: string | null;
  vendor_name: string;
  total: number;
  status: string;
  request_id: string | null;
  expected_date: string | null;
  notes: string | null;
  created_by: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** Deleted orders stay as tombstones so a replayed older event cannot bring them back. */
  deleted_at: string | null;
  /** Null only on rows saved before lines existed, until the projection's rebuild. */
  lines: ColumnType<OrderLineData[] | null, string, string>;
  /** What each invoice (by id) bills of each line (by id), rejected invoices left out; null until the first invoice. */
  invoiced: ColumnType<Record<string, Record<string, number>> | null, string | null | undefined, string | null>;
}

export interface OrderReceiptsRow {
  id: string;
  order_id: string;
  lines: ColumnType<{ line_id: string; quantity: number }[], string, string>;
  received_on: string;
  note: string | null;
  created_by: string | null;
  created_at: string;
  /** The receipt's place in its order's stream, so receipts list in the order they were recorded. */
  stream_version: number;
}

export interface PoNumbersRow {
  /** Upper-cased, as numbers are compared. */
  po_key: string;
  po_number: string;
  order_id: string;
}

/** One row per order: its group, total and expected date, the inputs of every PO-group figure. */
export interface PoGroupOrdersRow {
  order_id: string;
  grp: string;
  status: string | null;
  total: number;
  /** What is still to be received of an issued or receiving order's lines; 0 for any other status. */
  awaiting: number;
  expected_date: string | null;
  version: number;
}

/** Counts and amounts kept by key: vendors by status, orders by group, requests by bucket, spend by category. */
export interface TallyRow {
  count: number;
  amount: number;
}

export interface DashRequestsRow {
  id: string;
  requester_id: string;
  title: string;
  amount: number;
  status: string;
  category_key: string;
  category_name: string | null;
  po_number: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface DashCategoriesRow {
  id: string;
  name: string | null;
  active: boolean;
  item_count: number;
  /** 0 while only items have named the category. */
  version: number;
}

export interface DashCatalogueItemsRow {
  id: string;
  category_id: string;
  counted: boolean;
  version: number;
}

export interface DashConnectorsRow {
  kind: string;
  id: string;
  status: string;
  version: number;
}

declare module "../tables.ts" {
  interface ReadModelTables {
    rm_vendors: VendorsRow;
    rm_vendor_counts: TallyRow & { status: string };
    rm_orders: OrdersRow;
    rm_po_numbers: PoNumbersRow;
    rm_order_receipts: OrderReceiptsRow;
    rm_po_group_orders: PoGroupOrdersRow;
    rm_po_group_totals: TallyRow & { grp: string };
    rm_dash_requests: DashRequestsRow;
    rm_dash_request_totals: TallyRow & { scope: string; bucket: string };
    rm_dash_category_spend: TallyRow & { scope: string; category_key: string; category_name: string | null };
    rm_dash_categories: DashCategoriesRow;
    rm_dash_catalogue_items: DashCatalogueItemsRow;
    rm_dash_connectors: DashConnectorsRow;
  }
}
