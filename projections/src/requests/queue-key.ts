import { requestPriorities, type RequestPriority } from "@procure/contracts";

/** Later than any request's submission in milliseconds since 1970, so the difference below is never negative. */
const LATEST_MS = 9_999_999_999_999;

/**
 * The approvals queue's order as one sortable text, so the list's keyset pages and one index serve it: the priority's
 * rank, then the submission counted back from a far future, so that descending puts the most urgent first and,
 * within a priority, the oldest first.
 */
export function queueKey(priority: RequestPriority, createdAt: string): string {
  const remaining = LATEST_MS - Date.parse(createdAt);
  return `${requestPriorities.indexOf(priority)}:${String(remaining).padStart(13, "0")}`;
}
