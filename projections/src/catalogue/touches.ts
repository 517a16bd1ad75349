import { cacheKeys } from "@procure/contracts";
import type { Touch } from "../projection.ts";

/** Everyone who signs in reads categories and the catalogue (the dashboard counts categories for every role). */
export const catalogueTouch: Touch[] = [{ keys: [cacheKeys.categories(), cacheKeys.catalogue(), cacheKeys.dashboard()], audience: { everyone: true } }];
export const rulesTouch: Touch[] = [{ keys: [cacheKeys.approvalRules()], audience: { roles: ["admin"] } }];
export const workOrderTouch = (id: string): Touch[] => [{ keys: [cacheKeys.workOrders(), cacheKeys.workOrder(id)], audience: { roles: ["buyer", "admin"] } }];
export const landingTouch: Touch[] = [{ keys: [cacheKeys.landing()], audience: { everyone: true } }];

export const json = (value: unknown) => JSON.stringify(value);

const dayMs = 86_400_000;
export const addDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * dayMs).toISOString();
