import type { Role } from "@procure/contracts";
import type { AppDeps } from "../deps.ts";
import { HttpError } from "../plugins/errors.ts";

export type RequestRefs = {
  category_name: string | null;
  vendor_name: string | null;
  rule_id: string | null;
  stages: readonly Role[];
};

export type RefInput = { amount: number; category_id: string | null; vendor_id: string | null };

/** What a new request takes from the rest of the workspace when it is raised. */
export type RequestRefResolver = (deps: AppDeps, input: RefInput) => Promise<RequestRefs>;

/** Lookups each feature contributes: vendors from purchasing, categories and approval routes from the catalogue. */
export type RefLookups = {
  vendor?: (deps: AppDeps, id: string) => Promise<{ name: string; status: string } | null>;
  category?: (deps: AppDeps, id: string) => Promise<{ name: string } | null>;
  route?: (deps: AppDeps, input: RefInput) => Promise<{ rule_id: string; stages: readonly Role[] } | null>;
};

export function composeRefResolver(lookups: RefLookups): RequestRefResolver {
  return async (deps, input) => {
    let category_name: string | null = null;
    let vendor_name: string | null = null;
    if (input.category_id && lookups.category) {
      const category = await lookups.category(deps, input.category_id);
      if (!category) throw new HttpError(400, "validation_error", "Choose a valid category.");
      category_name = category.name;
    }
    if (input.vendor_id && lookups.vendor) {
      const vendor = await lookups.vendor(deps, input.vendor_id);
      if (!vendor) throw new HttpError(400, "validation_error", "Choose a valid vendor.");
      if (vendor.status === "blocked") throw new HttpError(409, "vendor_blocked", `${vendor.name} is blocked; choose another vendor.`);
      vendor_name = vendor.name;
    }
    const route = lookups.route ? await lookups.route(deps, input) : null;
    return { category_name, vendor_name, rule_id: route?.rule_id ?? null, stages: route?.stages ?? [] };
  };
}

export const noRefs: RequestRefResolver = composeRefResolver({});
