import { cacheKeys, type Invalidation } from "@procure/contracts";
import { activeRoutingRules } from "@procure/projections/catalogue";
import type { AppDeps } from "../../deps.ts";

type Rules = Awaited<ReturnType<typeof activeRoutingRules>>;

/**
 * How long a read of the rules serves new requests at most. The rules read model says when it changes, through the
 * same invalidations the clients get; a process elsewhere may miss one while the bus is down, and then acts on rules
 * this much older, as it would on a read model this far behind.
 */
const KEPT_MS = 1_000;

const kept = new WeakMap<AppDeps, () => Promise<Rules>>();

/** The active routing rules, read once for every request raised until they change. */
export function routingRules(deps: AppDeps): Promise<Rules> {
  let read = kept.get(deps);
  if (!read) {
    read = keptRules(deps);
    kept.set(deps, read);
  }
  return read();
}

function keptRules(deps: AppDeps): () => Promise<Rules> {
  // A change forgets the read, even one still under way: whoever asks next reads again.
  let rules: { value: Promise<Rules>; at: number } | null = null;
  const forget = () => {
    rules = null;
  };
  const rulesKey = cacheKeys.approvalRules()[0];
  deps.bus.onInvalidation((invalidation: Invalidation) => {
    if (invalidation.keys.some((key) => key[0] === rulesKey)) forget();
  });
  deps.bus.onReconnect(forget);
  return () => {
    if (rules && Date.now() - rules.at < KEPT_MS) return rules.value;
    const value = activeRoutingRules(deps.db);
    rules = { value, at: Date.now() };
    value.catch(() => {
      if (rules?.value === value) rules = null;
    });
    return value;
  };
}
