export * from "./domain-error.ts";
export * from "./actor.ts";
export * from "./purchase-request.ts";
export * from "./user.ts";
