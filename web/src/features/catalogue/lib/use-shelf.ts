import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { addToCompare, COMPARE_LIMIT, removeFromCompare, toggleFavourite } from "./compare-tray";

/** Favourites and the comparison tray, kept in this browser per signed-in user. */
export type Shelf = { favourites: string[]; compare: string[] };

const emptyShelf: Shelf = { favourites: [], compare: [] };
const shelfSchema = z.object({
  favourites: z.array(z.string()).max(500).catch([]),
  compare: z
    .array(z.string())
    .catch([])
    .transform((ids) => ids.slice(-COMPARE_LIMIT)),
});

export const shelfKey = (userId: string) => `procure.catalogue.shelf.${userId}`;

export function readShelf(userId: string | null): Shelf {
  if (!userId) return emptyShelf;
  try {
    const raw = window.localStorage.getItem(shelfKey(userId));
    if (!raw) return emptyShelf;
    const parsed = shelfSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyShelf;
  } catch {
    return emptyShelf;
  }
}

function writeShelf(userId: string | null, shelf: Shelf) {
  if (!userId) return;
  try {
    window.localStorage.setItem(shelfKey(userId), JSON.stringify(shelf));
  } catch {
    /* storage full or disabled: the shelf still works for this visit */
  }
}

export function useShelf(userId: string | null) {
  const [shelf, setShelf] = useState<Shelf>(() => readShelf(userId));

  useEffect(() => {
    setShelf(readShelf(userId));
    if (!userId) return;
    // Another tab of the same user changed the shelf.
    const onStorage = (event: StorageEvent) => {
      if (event.key === shelfKey(userId)) setShelf(readShelf(userId));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [userId]);

  const update = useCallback(
    (change: (current: Shelf) => Shelf) => {
      setShelf((current) => {
        const next = change(current);
        writeShelf(userId, next);
        return next;
      });
    },
    [userId],
  );

  const favourite = useCallback((id: string) => update((s) => ({ ...s, favourites: toggleFavourite(s.favourites, id) })), [update]);

  /** Adds to the tray (or takes out an item already there); answers the id that made room, if any. */
  const compare = useCallback(
    (id: string): string | null => {
      if (shelf.compare.includes(id)) {
        update((s) => ({ ...s, compare: removeFromCompare(s.compare, id) }));
        return null;
      }
      const { dropped } = addToCompare(shelf.compare, id);
      update((s) => ({ ...s, compare: addToCompare(s.compare, id).tray }));
      return dropped;
    },
    [shelf, update],
  );

  const uncompare = useCallback((id: string) => update((s) => ({ ...s, compare: removeFromCompare(s.compare, id) })), [update]);
  const clearCompare = useCallback(() => update((s) => ({ ...s, compare: [] })), [update]);

  return { shelf, favourite, compare, uncompare, clearCompare };
}
