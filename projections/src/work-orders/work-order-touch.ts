import { cacheKeys } from "@procure/contracts";
import type { Touch } from "../projection.ts";

/** Work orders are triaged by buyers and admins. */
export const workOrderTouch = (id: string): Touch[] => [{ keys: [cacheKeys.workOrders(), cacheKeys.workOrder(id)], audience: { roles: ["buyer", "admin"] } }];
