import { queryOptions } from "@tanstack/react-query";
import type { InboxCounts } from "@procure/contracts";
import { api } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * What waits for the user, as the inbox badge and the approvals queue both count it. The schema (and the validation
 * library with it) is fetched beside the answer rather than before the shell's first paint: the answer is still
 * parsed before anything reads it.
 */
export async function getInbox(signal?: AbortSignal): Promise<InboxCounts> {
  const [{ inboxBadge, inboxCounts }, body] = await Promise.all([import("@procure/contracts/inbox"), api.get<unknown>("/api/inbox", signal)]);
  const counts = inboxCounts.parse(body);
  // Recomputed locally so the cap and the never-negative rule hold whatever the server sends.
  return { ...counts, badge: inboxBadge(counts.counts) };
}

/** The server tells each user when their own inbox changed, under ["inbox"]. */
export const getInboxQueryOptions = () => queryOptions({ queryKey: queryKeys.inbox(), queryFn: ({ signal }) => getInbox(signal) });
