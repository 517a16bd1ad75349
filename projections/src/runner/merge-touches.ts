import type { Invalidation, Position } from "@procure/contracts";
import type { Touch } from "../projection.ts";

/** One invalidation per audience for a batch, each naming every key the batch touched for that audience once. */
export function mergeTouches(touches: readonly Touch[], position: Position): Invalidation[] {
  const merged = new Map<string, Invalidation>();
  for (const touch of touches) {
    const audienceKey = JSON.stringify(touch.audience);
    const keys = merged.get(audienceKey)?.keys ?? [];
    for (const key of touch.keys) if (!keys.some((k) => k.join("\u0000") === key.join("\u0000"))) keys.push(key);
    merged.set(audienceKey, { keys, audience: touch.audience, position });
  }
  return [...merged.values()];
}
