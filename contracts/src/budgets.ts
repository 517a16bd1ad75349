import { z } from "zod";
import { numericInput } from "./approval-rules.ts";
import { AMOUNT_MAX, amountTooLargeMessage } from "./common.ts";
import { lineString } from "./common.ts";
import { recordVersion } from "./record-version.ts";

/**
 * Budgets: an amount per category and period. A period is a year (`2026`), a quarter (`2026-Q4`) or a month
 * (`2026-11`); spending counts in the period of the request's approval (an order without a request: its creation).
 */
export const budgetPeriodMessage = "Enter the period as a year (2026), a quarter (2026-Q4) or a month (2026-11).";
export const budgetCategoryMessage = "Choose a category.";
export const budgetAmountMessage = "Enter an amount of 0 or more.";
export const budgetTooLargeMessage = amountTooLargeMessage("A budget");
const periodPattern = /^\d{4}(-Q[1-4]|-(0[1-9]|1[0-2]))?$/;

export const budgetPeriod = lineString({ error: budgetPeriodMessage }).trim().regex(periodPattern, { error: budgetPeriodMessage });
const budgetAmount = z.preprocess(
  numericInput,
  z
    .number({ error: budgetAmountMessage })
    .finite({ error: budgetAmountMessage })
    .min(0, { error: budgetAmountMessage })
    .max(AMOUNT_MAX, { error: budgetTooLargeMessage }),
);
const budgetCategory = z.uuid({ error: budgetCategoryMessage });

export const createBudgetBody = z.object({ category_id: budgetCategory, period: budgetPeriod, amount: budgetAmount });
export type CreateBudgetBody = z.infer<typeof createBudgetBody>;
/** A PATCH changes only what it names. */
export const updateBudgetBody = createBudgetBody.partial();
export type UpdateBudgetBody = z.infer<typeof updateBudgetBody>;

export const budget = z.object({
  id: z.uuid(),
  category_id: z.string(),
  category_name: z.string().nullable(),
  period: z.string(),
  amount: z.number(),
  /** Approved requests not yet ordered, and ordered amounts not yet invoiced. */
  committed: z.number(),
  /** Invoiced amounts. */
  spent: z.number(),
  /** amount − committed − spent; below zero when the budget is overspent. */
  remaining: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
});
export type Budget = z.infer<typeof budget>;

/** What approving a pending request would do to the budget of its category and the period it would count in. */
export const budgetImpact = z.object({
  budget_id: z.uuid(),
  period: z.string(),
  amount: z.number(),
  remaining: z.number(),
  remaining_after: z.number(),
  over: z.boolean(),
});
export type BudgetImpact = z.infer<typeof budgetImpact>;

const nullableString = z.string().nullable();
const budgetFields = { budget_id: z.uuid(), category_id: z.uuid(), category_name: nullableString, period: z.string(), amount: z.number() };

/**
 * Streams: `budget-{uuid}` and `budget-slot-{category}-{period}` (stream type "budget"). A slot holds the budget of
 * its category and period; taking it in the same append as the budget is what keeps one budget per category and period.
 */
export const budgetEventSchemas = {
  BudgetCreated: z.object(budgetFields),
  BudgetUpdated: z.object(budgetFields),
  BudgetDeleted: z.object({ budget_id: z.uuid(), category_id: z.uuid(), period: z.string() }),
  /** An approval took the budget from zero or more to below zero; `remaining` is what is left after it. */
  BudgetExceeded: z.object({
    budget_id: z.uuid(),
    category_id: z.uuid(),
    period: z.string(),
    amount: z.number(),
    request_id: z.uuid(),
    request_amount: z.number(),
    remaining: z.number(),
  }),
  BudgetSlotTaken: z.object({ category_id: z.uuid(), period: z.string(), budget_id: z.uuid() }),
  BudgetSlotFreed: z.object({ category_id: z.uuid(), period: z.string(), budget_id: z.uuid() }),
} as const;

export type PeriodRange = { starts_on: string; ends_on: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** The first day of a period and the first day after it (YYYY-MM-DD, end exclusive). */
export function periodRange(period: string): PeriodRange {
  const year = Number(period.slice(0, 4));
  const rest = period.slice(5);
  const [fromMonth, months] = rest === "" ? [1, 12] : rest.startsWith("Q") ? [(Number(rest.slice(1)) - 1) * 3 + 1, 3] : [Number(rest), 1];
  const end = fromMonth + months;
  const endsOn = end > 12 ? `${year + 1}-01-01` : `${year}-${pad(end)}-01`;
  return { starts_on: `${year}-${pad(fromMonth)}-01`, ends_on: endsOn };
}

const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** How a period reads in a sentence: "2026", "Q4", "Nov 2026". */
export function periodLabel(period: string): string {
  const rest = period.slice(5);
  if (rest === "") return period;
  if (rest.startsWith("Q")) return rest;
  return `${monthNames[Number(rest) - 1]} ${period.slice(0, 4)}`;
}

/** The periods a day falls in, the narrowest first: the budget a request counts against is the narrowest there is. */
export function periodsOf(day: string): string[] {
  const year = day.slice(0, 4);
  const month = Number(day.slice(5, 7));
  return [`${year}-${pad(month)}`, `${year}-Q${Math.ceil(month / 3)}`, year];
}
