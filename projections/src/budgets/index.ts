export * from "./budget-queries.ts";
export { budgetsProjection } from "./budgets-projection.ts";
