import { z } from "zod";

export type SortDirection = "asc" | "desc";
export type ListSort<F extends string = string> = { field: F; direction: SortDirection };

/**
 * A list's `sort` parameter: a field for ascending, a field after "-" for descending (`sort=-amount`), as a URL
 * shows and shares it. Only the fields the server keeps an index for are accepted.
 */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F) {
  const tokens = [...fields, ...fields.map((field) => `-${field}`)] as [string, ...string[]];
  return z.enum(tokens) as unknown as z.ZodType<F[number] | `-${F[number]}`>;
}

export function parseSort<F extends string>(token: F | `-${F}`): ListSort<F> {
  return token.startsWith("-") ? { field: token.slice(1) as F, direction: "desc" } : { field: token as F, direction: "asc" };
}

export function sortToken<F extends string>(sort: ListSort<F>): F | `-${F}` {
  return sort.direction === "desc" ? `-${sort.field}` : sort.field;
}

/** `-priority` is the approvals queue: most urgent first, then oldest first. */
export const requestSortFields = ["updated_at", "created_at", "title", "amount", "status", "priority"] as const;
export type RequestSortField = (typeof requestSortFields)[number];
export const defaultRequestSort = "-updated_at" as const;

export const orderSortFields = ["updated_at", "created_at", "po_number", "vendor_name", "total", "status"] as const;
export type OrderSortField = (typeof orderSortFields)[number];
export const defaultOrderSort = "-updated_at" as const;

export const vendorSortFields = ["name", "status", "risk", "updated_at"] as const;
export type VendorSortField = (typeof vendorSortFields)[number];
export const defaultVendorSort = "name" as const;
