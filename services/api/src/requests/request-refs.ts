import type { Role } from "@procure/contracts";
import type { AppDeps } from "../deps.ts";

export type RequestRefs = {
  category_name: string | null;
  vendor_name: string | null;
  rule_id: string | null;
  stages: readonly Role[];
};

/**
 * What a new request takes from the rest of the workspace when it is raised: the names of its category and
 * vendor, and the approval route of the first matching active rule. Replaced when those features register theirs.
 */
export type RequestRefResolver = (deps: AppDeps, input: { amount: number; category_id: string | null; vendor_id: string | null }) => Promise<RequestRefs>;

export const noRefs: RequestRefResolver = async () => ({ category_name: null, vendor_name: null, rule_id: null, stages: [] });
