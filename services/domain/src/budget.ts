import {
  budgetTooLargeMessage,
  toCents,
  type BudgetCommand,
  type BudgetSlotCommand,
  type EventData,
  type NewEvent,
  type StoredEvent,
} from "@procure/contracts";
import { conflict, notFound } from "./domain-error.ts";
import { sameData } from "./catalogue.ts";
import { requireAmountWithinMax } from "./amount-bounds.ts";
import type { StreamDecider } from "./stream-decider.ts";

type BudgetData = EventData<"BudgetCreated">;

export type BudgetState = { exists: false } | { exists: true; deleted: boolean; budget: BudgetData };

export const budgetStreamId = (id: string) => `budget-${id}`;
/** The key of a budget's slot: one budget per category and period. */
export const budgetSlotKey = (categoryId: string, period: string) => `${categoryId}-${period}`;
export const budgetSlotStreamId = (key: string) => `budget-slot-${key}`;

export function evolveBudget(state: BudgetState, event: StoredEvent | NewEvent): BudgetState {
  switch (event.type) {
    case "BudgetCreated":
    case "BudgetUpdated":
      return { exists: true, deleted: false, budget: event.data };
    case "BudgetDeleted":
      return state.exists ? { ...state, deleted: true } : state;
    default:
      return state;
  }
}

function requireLive(state: BudgetState) {
  if (!state.exists || state.deleted) throw notFound("Budget not found.");
  return state;
}

type Input = Extract<BudgetCommand, { type: "CreateBudget" }>["budget"];
function dataOf(budgetId: string, input: Input): BudgetData {
  requireAmountWithinMax(input.amount, budgetTooLargeMessage);
  return { budget_id: budgetId, ...input, amount: toCents(input.amount) };
}

function decideBudget(state: BudgetState, command: BudgetCommand, id: string): NewEvent[] {
  switch (command.type) {
    case "CreateBudget":
      if (state.exists) throw conflict("This budget already exists.");
      return [{ type: "BudgetCreated", data: dataOf(id, command.budget) }];
    case "UpdateBudget": {
      const { budget } = requireLive(state);
      const next = dataOf(budget.budget_id, command.budget);
      return sameData(budget, next) ? [] : [{ type: "BudgetUpdated", data: next }];
    }
    case "DeleteBudget": {
      const { budget } = requireLive(state);
      return [{ type: "BudgetDeleted", data: { budget_id: budget.budget_id, category_id: budget.category_id, period: budget.period } }];
    }
    case "RecordBudgetExceeded": {
      // A budget deleted meanwhile has nothing left to exceed.
      if (!state.exists || state.deleted) return [];
      const { budget_id, category_id, period, amount } = state.budget;
      const { request_id, request_amount, remaining } = command;
      return [{ type: "BudgetExceeded", data: { budget_id, category_id, period, amount, request_id, request_amount, remaining } }];
    }
  }
}

export const budgetDecider: StreamDecider<BudgetState, BudgetCommand> = {
  streamType: "budget",
  streamId: budgetStreamId,
  initialState: { exists: false },
  evolve: evolveBudget,
  decide: (state, command, { id }) => decideBudget(state, command, id),
  // A budget going over is news about its spending, not a change to the budget someone is editing.
  recordEvents: ["BudgetCreated", "BudgetUpdated", "BudgetDeleted"],
};

type SlotState = { holder: string | null; category_id: string | null; period: string | null };

/** Budgets taken, moved or deleted free and take slots in the budget's own append, so two never share one. */
export const budgetSlotDecider: StreamDecider<SlotState, BudgetSlotCommand> = {
  streamType: "budget",
  streamId: budgetSlotStreamId,
  initialState: { holder: null, category_id: null, period: null },
  evolve: (state, event) => {
    if (event.type === "BudgetSlotTaken") return { holder: event.data.budget_id, category_id: event.data.category_id, period: event.data.period };
    if (event.type === "BudgetSlotFreed" && state.holder === event.data.budget_id) return { ...state, holder: null };
    return state;
  },
  decide: (state, command, { id }) => {
    const [categoryId, period] = [id.slice(0, 36), id.slice(37)];
    if (command.type === "FreeBudgetSlot") {
      return state.holder === command.budget_id ? [{ type: "BudgetSlotFreed", data: { category_id: categoryId, period, budget_id: command.budget_id } }] : [];
    }
    if (state.holder === command.budget_id) return [];
    if (state.holder !== null) throw conflict(`A budget for this category and ${period} already exists.`);
    return [{ type: "BudgetSlotTaken", data: { category_id: categoryId, period, budget_id: command.budget_id } }];
  },
};
