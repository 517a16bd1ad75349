import type { ColumnType } from "kysely";
import type { catalogueItemStatuses, feedFormats, OverviewFeed, punchoutProtocols, punchoutStatuses, ssoStatuses } from "@procure/contracts";
import type { TimelineFields } from "../tables.ts";

type OneOf<T extends readonly string[]> = T[number];

/** JSON columns: read as values, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;
/** bigint counters and positions come back as decimal strings (see the event store's type parsers). */
type BigIntColumn = ColumnType<string, number | string, number | string>;

export interface CategoriesRow {
  id: string;
  name: string;
  parent_id: string | null;
  contract_number: string | null;
  preferred_suppliers: Json<string[]>;
  coverage: Json<{ business_unit: string; level: "full" | "partial" | "none" }[]>;
  units_of_measure: Json<string[]>;
  requires_finance_review: boolean;
  archived: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface CatalogueItemsRow {
  id: string;
  category_id: string;
  name: string;
  sku: string;
  unit_of_measure: string;
  contract_number: string | null;
  preferred_supplier: string | null;
  vendor_id: string | null;
  base_price: number;
  currency: string;
  pricing_tiers: Json<{ min_quantity: number; unit_price: number }[]>;
  status: OneOf<typeof catalogueItemStatuses>;
  coverage_notes: string | null;
  last_reviewed_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface VendorFeedsRow {
  id: string;
  feed_name: string;
  supplier: string;
  format: OneOf<typeof feedFormats>;
  category_id: string;
  refresh_interval_days: number;
  change_log_url: string | null;
  status: OverviewFeed["status"];
  pending_changes: number;
  price_variance_alerts: number;
  requires_finance_review: boolean;
  last_imported_at: string | null;
  next_refresh_due: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PunchoutConnectionsRow {
  id: string;
  supplier: string;
  protocol: OneOf<typeof punchoutProtocols>;
  category_id: string;
  coverage_scope: string;
  status: OneOf<typeof punchoutStatuses>;
  sso_status: OneOf<typeof ssoStatuses>;
  notes: string | null;
  carts: BigIntColumn;
  successful_carts: BigIntColumn;
  last_transaction_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ApprovalRulesRow {
  id: string;
  name: string;
  min_amount: number;
  max_amount: number | null;
  category_id: string | null;
  vendor_id: string | null;
  stages: Json<string[]>;
  over_budget_stages: Json<string[]>;
  active: boolean;
  deleted: boolean;
  created_position: BigIntColumn;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface WorkOrdersRow {
  id: string;
  title: string;
  details: string | null;
  requester_name: string;
  requester_email: string;
  priority: string;
  due_date: string | null;
  status: string;
  owner_id: string | null;
  owner_email: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface WorkOrderTimelineRow extends TimelineFields {
  work_order_id: string;
}

export interface LandingRequestsRow {
  request_id: string;
  amount: number;
  status: string;
  route: Json<string[]>;
  waiting_role: string | null;
  overridden: boolean;
  created_at: string;
  decided_at: string | null;
  version: number;
}

export interface LandingVendorsRow {
  vendor_id: string;
  status: string;
  renewal_date: string | null;
  version: number;
}

// The catalogue feature's read tables join the shared Database type, so queries and `tables` lists type-check.
declare module "../tables.ts" {
  interface ReadModelTables {
    rm_categories: CategoriesRow;
    rm_catalogue_items: CatalogueItemsRow;
    rm_vendor_feeds: VendorFeedsRow;
    rm_punchout_connections: PunchoutConnectionsRow;
    rm_approval_rules: ApprovalRulesRow;
    rm_work_orders: WorkOrdersRow;
    rm_work_order_timeline: WorkOrderTimelineRow;
    rm_landing_requests: LandingRequestsRow;
    rm_landing_vendors: LandingVendorsRow;
  }
}
