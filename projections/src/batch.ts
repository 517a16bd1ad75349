/** Postgres takes at most 65,535 parameters per statement: multi-row writes go in slices that stay below it. */
export async function inSlices<T>(rows: readonly T[], write: (slice: T[]) => Promise<unknown>, size = 1_000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** The distinct values of `key` over a batch, in first-seen order. */
export function distinct<T>(items: readonly T[], key: (item: T) => string): string[] {
  return [...new Set(items.map(key))];
}
