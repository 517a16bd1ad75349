import { cacheKeys } from "@procure/contracts";
import type { Touch } from "../projection.ts";

/** Everyone who signs in reads categories and the catalogue (the dashboard counts categories for every role). */
export const catalogueTouch: Touch[] = [{ keys: [cacheKeys.categories(), cacheKeys.catalogue(), cacheKeys.dashboard()], audience: { everyone: true } }];
