import { cacheKeys, periodRange, type StoredEvent } from "@procure/contracts";
import { oneAtATime, type Projection, type Touch } from "../projection.ts";
import { readersOf } from "../audiences.ts";

/**
 * A budget's figures show on the Budgets screen and, through `budget_impact`, on pending requests: a change to a
 * budget or to what it counts tells both.
 */
const touched: Touch[] = [
  { keys: [cacheKeys.budgets()], audience: readersOf("budgets") },
  { keys: [cacheKeys.requests()], audience: readersOf("requests") },
];

/** The UTC day an event was recorded: the day it counts in. */
const dayOf = (event: StoredEvent) => event.recorded_at.slice(0, 10);

/**
 * Budgets, and what their figures count: approved requests by category and approval day, the orders they became
 * (orders without a request count from their creation), and invoiced amounts per order. The figures are summed when
 * read (`budget-queries.ts`), so a budget added late counts what came before it.
 */
export const budgetsProjection: Projection = {
  name: "budgets",
  version: 1,
  tables: ["rm_budgets", "rm_budget_requests", "rm_budget_orders", "rm_budget_invoices"],
  handles: [
    "BudgetCreated",
    "BudgetUpdated",
    "BudgetDeleted",
    "RequestCreated",
    "RequestEdited",
    "RequestResubmitted",
    "RequestApproved",
    "RequestLinkedToOrder",
    "RequestUnlinkedFromOrder",
    "PurchaseOrderSaved",
    "PurchaseOrderDeleted",
    "InvoiceRecorded",
  ],
  apply: oneAtATime(async (db, event) => {
    switch (event.type) {
      case "BudgetCreated":
      case "BudgetUpdated": {
        const d = event.data;
        const fields = { category_id: d.category_id, category_name: d.category_name, period: d.period, ...periodRange(d.period), amount: d.amount };
        await db
          .insertInto("rm_budgets")
          .values({ id: d.budget_id, ...fields, created_at: event.recorded_at, updated_at: event.recorded_at })
          .onConflict((oc) => oc.column("id").doUpdateSet({ ...fields, updated_at: event.recorded_at }))
          .execute();
        return touched;
      }
      case "BudgetDeleted":
        await db.deleteFrom("rm_budgets").where("id", "=", event.data.budget_id).execute();
        return touched;
      case "RequestCreated":
      case "RequestEdited":
      case "RequestResubmitted": {
        // Only pending requests change: none of these can touch an approved one's figures.
        const fields = { category_id: event.data.category_id, amount: event.data.amount };
        await db
          .insertInto("rm_budget_requests")
          .values({ request_id: event.data.request_id, ...fields, approved_on: null, order_id: null })
          .onConflict((oc) => oc.column("request_id").doUpdateSet(fields))
          .execute();
        return;
      }
      case "RequestApproved":
        await db
          .updateTable("rm_budget_requests")
          .set({ approved_on: dayOf(event) })
          .where("request_id", "=", event.data.request_id)
          .execute();
        return touched;
      case "RequestLinkedToOrder":
        await db.updateTable("rm_budget_requests").set({ order_id: event.data.order_id }).where("request_id", "=", event.data.request_id).execute();
        return touched;
      case "RequestUnlinkedFromOrder":
        await db
          .updateTable("rm_budget_requests")
          .set({ order_id: null })
          .where("request_id", "=", event.data.request_id)
          .where("order_id", "=", event.data.order_id)
          .execute();
        return touched;
      case "PurchaseOrderSaved": {
        const d = event.data;
        const fields = { request_id: d.request_id, total: d.total, cancelled: d.status === "cancelled" };
        await db
          .insertInto("rm_budget_orders")
          .values({ order_id: d.order_id, ...fields, created_on: dayOf(event) })
          .onConflict((oc) => oc.column("order_id").doUpdateSet(fields))
          .execute();
        return touched;
      }
      case "PurchaseOrderDeleted":
        await db.deleteFrom("rm_budget_orders").where("order_id", "=", event.data.order_id).execute();
        return touched;
      case "InvoiceRecorded":
        // Spent from the moment an invoice is recorded against the order; its approval and payment change nothing here.
        await db
          .insertInto("rm_budget_invoices")
          .values({ invoice_id: event.data.invoice_id, order_id: event.data.order_id, amount: event.data.total })
          .onConflict((oc) => oc.column("invoice_id").doNothing())
          .execute();
        return touched;
    }
  }),
};
