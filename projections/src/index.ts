export * from "./tables.ts";
export * from "./projection.ts";
export * from "./all-projections.ts";
export * from "./runner/projection-runner.ts";
export * from "./inbox/counters.ts";
export { readModelMigrations } from "./migrations/index.ts";
export * from "./requests/queries.ts";
export * from "./users/queries.ts";
export * from "./inbox/queries.ts";
