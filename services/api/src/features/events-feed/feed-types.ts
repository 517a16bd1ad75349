import { internalTypesFor, isPublicEventType, readableEventTypes, WILDCARD_EVENT_TYPE, type EventType, type Role } from "@procure/contracts";

export type FeedTypes = { internal: EventType[]; forbidden: string[] };

/**
 * The internal types a role's feed reads for the `types` it asked for. No list or `*` means every type the role
 * may read; a type named outright that the role may not read is `forbidden`, so the caller can refuse rather than
 * answer an empty page that looks like no events happened.
 */
export function feedTypesFor(r: Role, requested: readonly string[]): FeedTypes {
  const readable = new Set<string>(readableEventTypes(r));
  const wantsAll = requested.length === 0 || requested.includes(WILDCARD_EVENT_TYPE);
  const named = wantsAll ? [...readable] : [...new Set(requested)].filter(isPublicEventType);
  const allowed = named.filter((type) => readable.has(type));
  // internalTypesFor reads an empty list as "all": a role that may read nothing must read nothing.
  return { internal: allowed.length === 0 ? [] : internalTypesFor(allowed), forbidden: named.filter((type) => !readable.has(type)) };
}
