import { dueHint } from "@procure/contracts";

export type DueTone = "overdue" | "today" | "soon" | "neutral";
export type DueHint = { text: string; tone: DueTone };

/**
 * The Updated column's hint (spec section 4): "overdue by N days", "due today", "due in N days" for 1 to 3 days
 * (amber), otherwise "Expected {date}". The wording and day arithmetic are the contract's; this only tells
 * today apart from the amber window.
 */
export function orderDueHint(status: unknown, expectedDate: string | null | undefined, now: Date = new Date()): DueHint | null {
  const hint = dueHint(status, expectedDate, now);
  if (!hint) return null;
  if (hint.tone === "soon" && hint.text === "due today") return { text: hint.text, tone: "today" };
  return hint;
}
