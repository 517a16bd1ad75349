export interface BudgetsRow {
  id: string;
  category_id: string;
  category_name: string | null;
  period: string;
  starts_on: string;
  ends_on: string;
  amount: number;
  created_at: string;
  updated_at: string;
  version: number;
}

/** An approved request counts in its category from its approval day; `order_id` while an order carries it. */
export interface BudgetRequestsRow {
  request_id: string;
  category_id: string | null;
  amount: number;
  approved_on: string | null;
  order_id: string | null;
}

export interface BudgetOrdersRow {
  order_id: string;
  request_id: string | null;
  created_on: string;
  total: number;
  cancelled: boolean;
}

export interface BudgetInvoicesRow {
  invoice_id: string;
  order_id: string;
  amount: number;
}

declare module "../tables.ts" {
  interface ReadModelTables {
    rm_budgets: BudgetsRow;
    rm_budget_requests: BudgetRequestsRow;
    rm_budget_orders: BudgetOrdersRow;
    rm_budget_invoices: BudgetInvoicesRow;
  }
}
