import { parseSort, type SortDirection } from "@procure/contracts";

/** The `sort` tokens a list accepts: `field` ascending, `-field` descending. */
export const sortTokens = <F extends string>(fields: readonly F[]) => fields.flatMap((field) => [field, `-${field}`]) as (F | `-${F}`)[];

/**
 * The sort after a click on a column header: the same column flips direction; another starts in the direction
 * people expect of it (names A→Z, amounts and dates largest or newest first).
 */
export function nextSort<F extends string>(current: F | `-${F}`, field: F, firstDirection: SortDirection = "asc"): F | `-${F}` {
  const { field: currentField, direction } = parseSort<F>(current);
  const next = currentField === field ? (direction === "asc" ? "desc" : "asc") : firstDirection;
  return next === "desc" ? `-${field}` : field;
}

/** What a column header tells assistive technology about the current order. */
export function ariaSort<F extends string>(current: F | `-${F}`, field: F): "ascending" | "descending" | "none" {
  const sort = parseSort<F>(current);
  if (sort.field !== field) return "none";
  return sort.direction === "asc" ? "ascending" : "descending";
}
