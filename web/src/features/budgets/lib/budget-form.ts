import { zodResolver } from "@hookform/resolvers/zod";
import { createBudgetBody, type Budget, type CreateBudgetBody } from "@procure/contracts";
import type { Resolver } from "react-hook-form";

/** What the budget form holds: the amount as typed text, the category as a select value ("" = none chosen). */
export type BudgetFormValues = { category_id: string; period: string; amount: string };

export const budgetFields = ["category_id", "period", "amount"] as const;
export type BudgetField = (typeof budgetFields)[number];

export const blankBudget = (period: string): BudgetFormValues => ({ category_id: "", period, amount: "" });

export const budgetToForm = (budget: Budget): BudgetFormValues => ({ category_id: budget.category_id, period: budget.period, amount: String(budget.amount) });

/** The contract's schema is the form's: its messages are the ones the server would give. */
export const budgetResolver = zodResolver(createBudgetBody) as unknown as Resolver<BudgetFormValues, unknown, CreateBudgetBody>;

/** Refusals the server says only in words: a taken category and period is about the period. */
export const budgetHints: Partial<Record<BudgetField, RegExp>> = { period: /already exists|period/i, category_id: /categor/i };
