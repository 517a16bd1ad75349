import { periodsOf, type Budget } from "@procure/contracts";
import type { InjectClient } from "./api-client.ts";
import type { DemoTokens } from "./demo-seed.ts";

/** The categories the demo sets budgets for: three for the quarter, then one for the year. */
export const budgetedCategories = (categories: readonly string[]) => categories.slice(0, 4);

/**
 * This quarter's budgets for the first categories and a year's for another, set by finance after the requests and
 * orders so their figures are already counted. The first is set just above what it has committed and spent, so the
 * Budgets screen shows one nearly used up and its pending requests show as over budget in the approvals queue.
 */
export async function seedBudgets(client: InjectClient, tokens: DemoTokens, categories: readonly string[]): Promise<void> {
  if (categories.length === 0) return;
  const finance = client.as(tokens.finance);
  const [, quarter, year] = periodsOf(new Date().toISOString().slice(0, 10));
  const budgeted = budgetedCategories(categories);
  for (const [i, category_id] of budgeted.slice(0, 3).entries()) {
    const budget = await finance.call<Budget>("POST", "/api/budgets", { category_id, period: quarter, amount: 40_000 - i * 10_000 });
    const used = budget.committed + budget.spent;
    if (i === 0 && used > 0) await finance.call("PATCH", `/api/budgets/${budget.id}`, { amount: Math.ceil((used * 1.05) / 100) * 100 });
  }
  await finance.call("POST", "/api/budgets", { category_id: budgeted[3] ?? budgeted[0], period: year, amount: 120_000 });
}
