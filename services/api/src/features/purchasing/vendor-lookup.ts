import type { RefLookups } from "../../requests/request-refs.ts";
import { loadVendor } from "./streams.ts";

/** A new request's vendor, from the vendor's own stream so a vendor blocked a moment ago is already blocked. */
export const vendorLookup: NonNullable<RefLookups["vendor"]> = async (deps, id) => {
  const { state } = await loadVendor(deps, id);
  return state.exists ? { name: state.name, status: state.status } : null;
};
