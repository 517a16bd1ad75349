/** The comparison tray holds at most this many items (spec sections 5 and 9). */
export const COMPARE_LIMIT = 3;

export type CompareResult = { tray: string[]; dropped: string | null };

/**
 * Adds an item to the end of the tray. When the tray is full the oldest entry (the first) makes room.
 * An item already in the tray stays where it is.
 */
export function addToCompare(tray: readonly string[], id: string, limit = COMPARE_LIMIT): CompareResult {
  if (tray.includes(id)) return { tray: [...tray], dropped: null };
  const next = [...tray, id];
  if (next.length <= limit) return { tray: next, dropped: null };
  return { tray: next.slice(next.length - limit), dropped: next[0] ?? null };
}

export function removeFromCompare(tray: readonly string[], id: string): string[] {
  return tray.filter((entry) => entry !== id);
}

export function toggleFavourite(favourites: readonly string[], id: string): string[] {
  return favourites.includes(id) ? favourites.filter((entry) => entry !== id) : [...favourites, id];
}
