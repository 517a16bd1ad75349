import { cacheKeys, periodRange, type StoredEvent } from "@procure/contracts";
import { sql, type Kysely } from "kysely";
import type { Projection, Touch } from "../projection.ts";
import type { Database } from "../tables.ts";
import { readersOf } from "../audiences.ts";
import { insertRows } from "../batch.ts";
import { applySpend, orderEventTypes, requestEventTypes } from "./budget-spend.ts";

/**
 * A budget's figures show on the Budgets screen and, through `budget_impact`, on pending requests: a change to a
 * budget or to what it counts tells both.
 */
const touched: Touch[] = [
  { keys: [cacheKeys.budgets()], audience: readersOf("budgets") },
  { keys: [cacheKeys.requests()], audience: readersOf("requests") },
];

/** Budgets are few: each change is applied as it comes. */
async function applyBudget(db: Kysely<Database>, event: StoredEvent): Promise<void> {
  if (event.type === "BudgetDeleted") {
    await db.deleteFrom("rm_budgets").where("id", "=", event.data.budget_id).execute();
    return;
  }
  if (event.type !== "BudgetCreated" && event.type !== "BudgetUpdated") return;
  const d = event.data;
  const fields = { category_id: d.category_id, category_name: d.category_name, period: d.period, ...periodRange(d.period), amount: d.amount };
  await db
    .insertInto("rm_budgets")
    .values({ id: d.budget_id, ...fields, created_at: event.recorded_at, updated_at: event.recorded_at, version: event.stream_version })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...fields, updated_at: event.recorded_at, version: event.stream_version }))
    .execute();
}

const budgetEventTypes = ["BudgetCreated", "BudgetUpdated", "BudgetDeleted"] as const;

/**
 * Budgets, and what their figures count: approved requests by category and approval day, the orders they became,
 * and invoiced amounts per order (from the moment an invoice is recorded until it is rejected; its approval and
 * payment change nothing here). The figures are summed when read (`budget-queries.ts`), so a budget added late counts what came before it.
 */
export const budgetsProjection: Projection = {
  name: "budgets",
  // 2: each budget's version.
  // 3: a rejected invoice is no longer spent.
  version: 3,
  tables: ["rm_budgets", "rm_budget_requests", "rm_budget_orders", "rm_budget_invoices"],
  handles: [...budgetEventTypes, ...requestEventTypes, ...orderEventTypes, "InvoiceRecorded", "InvoiceRejected"],
  async apply(db, events, context) {
    const budgetEvents = events.filter((e) => (budgetEventTypes as readonly string[]).includes(e.type));
    for (const event of budgetEvents) await applyBudget(db, event);
    // An invoice rejected in the batch that recorded it is never written; one recorded earlier is deleted.
    const rejected = new Set(events.flatMap((e) => (e.type === "InvoiceRejected" ? [e.data.invoice_id] : [])));
    const invoices = events.flatMap((e) =>
      e.type === "InvoiceRecorded" && !rejected.has(e.data.invoice_id)
        ? [{ invoice_id: e.data.invoice_id, order_id: e.data.order_id, amount: e.data.total }]
        : [],
    );
    await insertRows(
      db,
      "rm_budget_invoices",
      { invoice_id: "text", order_id: "uuid", amount: "numeric" },
      invoices,
      sql`on conflict (invoice_id) do nothing`,
      context,
      () => true,
    );
    if (rejected.size > 0)
      await db
        .deleteFrom("rm_budget_invoices")
        .where("invoice_id", "in", [...rejected])
        .execute();
    const spendChanged = await applySpend(db, events, context);
    return budgetEvents.length > 0 || invoices.length > 0 || rejected.size > 0 || spendChanged ? touched : [];
  },
};
