import type { Invalidation, Position, QueryKey } from "@procure/contracts";
import type { Touch } from "../projection.ts";

/** Past this many keys for one audience, a message names only the keys' first parts, which cover them all. */
const MAX_KEYS_PER_MESSAGE = 500;

/** One invalidation per audience for a batch, each naming every key the batch touched for that audience once. */
export function mergeTouches(touches: readonly Touch[], position: Position): Invalidation[] {
  const merged = new Map<string, { audience: Touch["audience"]; keys: Map<string, QueryKey> }>();
  for (const touch of touches) {
    const audienceKey = JSON.stringify(touch.audience);
    const entry = merged.get(audienceKey) ?? { audience: touch.audience, keys: new Map<string, QueryKey>() };
    for (const key of touch.keys) entry.keys.set(key.join("\u0000"), key);
    merged.set(audienceKey, entry);
  }
  return [...merged.values()].map(({ audience, keys }) => ({ keys: compact([...keys.values()]), audience, position }));
}

/** A rebuild or a burst touches thousands of rows: clients refetch the few lists they show instead. */
function compact(keys: QueryKey[]): QueryKey[] {
  if (keys.length <= MAX_KEYS_PER_MESSAGE) return keys;
  return [...new Map(keys.map((key) => [String(key[0]), key.slice(0, 1) as QueryKey])).values()];
}
