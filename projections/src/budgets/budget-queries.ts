import { sql, type Kysely, type RawBuilder } from "kysely";
import { periodsOf, toCents, type Budget, type BudgetImpact } from "@procure/contracts";
import type { Database } from "../tables.ts";
import "./tables.ts";

type BudgetRow = Omit<Budget, "remaining">;

/**
 * Budgets with their figures, summed from what they count: a request approved in the budget's category and period
 * is committed until an order carries it; an order is committed for what is not yet invoiced (nothing once
 * cancelled), and spent for what is.
 */
async function selectBudgets(db: Kysely<Database>, where: RawBuilder<unknown>): Promise<Budget[]> {
  const { rows } = await sql<BudgetRow>`select b.id::text as id, b.category_id::text as category_id,
      coalesce(c.name, b.category_name) as category_name, b.period, b.amount::float8 as amount,
      coalesce(f.committed, 0)::float8 as committed, coalesce(f.spent, 0)::float8 as spent, b.created_at, b.updated_at, b.version
    from rm_budgets b
    left join rm_categories c on c.id = b.category_id
    left join lateral (
      select sum(case when o.order_id is null then r.amount when o.cancelled then 0 else greatest(o.total - coalesce(i.amount, 0), 0) end) as committed,
        sum(coalesce(i.amount, 0)) as spent
      from rm_budget_requests r
      left join rm_budget_orders o on o.order_id = r.order_id
      left join lateral (select sum(amount) as amount from rm_budget_invoices where order_id = o.order_id) i on true
      where r.category_id = b.category_id and r.approved_on >= b.starts_on and r.approved_on < b.ends_on
    ) f on true
    where ${where}
    order by b.starts_on desc, b.ends_on, category_name, b.id`.execute(db);
  return rows.map((row) => ({ ...row, remaining: toCents(row.amount - row.committed - row.spent) }));
}

export const listBudgets = (db: Kysely<Database>) => selectBudgets(db, sql`true`);

export async function findBudget(db: Kysely<Database>, id: string): Promise<Budget | null> {
  const [budget] = await selectBudgets(db, sql`b.id = ${id}::uuid`);
  return budget ?? null;
}

/**
 * The budget each category's spending on `day` counts against: of the budgets whose period holds the day, the
 * narrowest (a month before its quarter, a quarter before its year).
 */
export async function budgetsOn(db: Kysely<Database>, categoryIds: readonly string[], day: string): Promise<Map<string, Budget>> {
  if (categoryIds.length === 0) return new Map();
  const periods = periodsOf(day);
  const ids = [...new Set(categoryIds)];
  const budgets = await selectBudgets(db, sql`b.category_id::text = any(${ids}::text[]) and b.period = any(${periods}::text[])`);
  const narrowest = new Map<string, Budget>();
  for (const budget of budgets.sort((a, b) => periods.indexOf(a.period) - periods.indexOf(b.period))) {
    if (!narrowest.has(budget.category_id)) narrowest.set(budget.category_id, budget);
  }
  return narrowest;
}

/** What approving `amount` against `budget` would leave of it. */
export function impactOn(budget: Budget, amount: number): BudgetImpact {
  const remainingAfter = toCents(budget.remaining - amount);
  return {
    budget_id: budget.id,
    period: budget.period,
    amount: budget.amount,
    remaining: budget.remaining,
    remaining_after: remainingAfter,
    over: remainingAfter < 0,
  };
}

type Pending = { status: string; category_id: string | null; amount: number };

/** Each pending request in a budgeted category with the impact approving it today would have; others with null. */
export async function withBudgetImpact<R extends Pending>(
  db: Kysely<Database>,
  requests: readonly R[],
  day: string,
): Promise<(R & { budget_impact: BudgetImpact | null })[]> {
  const categories = requests.flatMap((r) => (r.status === "pending" && r.category_id ? [r.category_id] : []));
  const budgets = await budgetsOn(db, categories, day);
  return requests.map((r) => {
    const budget = r.status === "pending" && r.category_id ? budgets.get(r.category_id) : undefined;
    return { ...r, budget_impact: budget ? impactOn(budget, r.amount) : null };
  });
}
