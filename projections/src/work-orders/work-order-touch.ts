import { cacheKeys } from "@procure/contracts";
import type { Touch } from "../projection.ts";
import { readersOf } from "../audiences.ts";

export const workOrderTouch = (id: string): Touch[] => [{ keys: [cacheKeys.workOrders(), cacheKeys.workOrder(id)], audience: readersOf("work-orders") }];
