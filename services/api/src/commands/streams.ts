import { orderDecider, poNumberStreamId, vendorDecider, vendorNameStreamId } from "@procure/domain";
import type { AppDeps } from "../deps.ts";
import { loadState } from "./decide-on.ts";

export const loadVendor = (deps: AppDeps, id: string) => loadState(deps, vendorDecider, id);
export const loadOrder = (deps: AppDeps, id: string) => loadState(deps, orderDecider, id);

/** The order holding a PO number, or null while it is free. */
export async function poNumberHolder(deps: AppDeps, poNumber: string): Promise<string | null> {
  const [first] = await deps.store.readStream(poNumberStreamId(poNumber));
  return first?.type === "PoNumberReserved" ? first.data.order_id : null;
}

/** The vendor registered under a name, or null when no vendor has it. */
export async function vendorNamed(deps: AppDeps, name: string): Promise<string | null> {
  const [first] = await deps.store.readStream(vendorNameStreamId(name));
  return first?.type === "VendorNameReserved" ? first.data.vendor_id : null;
}
