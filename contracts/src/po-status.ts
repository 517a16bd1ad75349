import { endOfDay, normalizeStatus } from "./format.ts";

export const poFormStatuses = ["draft", "issued", "receiving", "received", "cancelled"] as const;
export type PoFormStatus = (typeof poFormStatuses)[number];

/** Set by receipts, never picked: a save may only keep an order at the one it has. */
export const poReceiptStatuses: readonly PoFormStatus[] = ["receiving", "received"];
/** The statuses a person picks for an order; the receipt statuses follow the goods. */
export const poChosenStatuses = poFormStatuses.filter((status) => !poReceiptStatuses.includes(status));

export type PoGroup = "open" | "receiving" | "closed" | "cancelled";

/** The dashboard and inbox status groups (spec section 4), defined once. */
export const poStatusGroups: Record<PoGroup, readonly string[]> = {
  open: ["draft", "pending", "awaiting-approval", "issued", "sent", "open", ""],
  receiving: ["receiving", "partially-received", "partial"],
  closed: ["received", "closed", "complete", "completed", "fulfilled"],
  cancelled: ["cancelled", "void", "rejected"],
};

/** The group a status belongs to; unknown statuses are treated as open so nothing silently vanishes. */
export function poGroupOf(status: unknown): PoGroup {
  const s = normalizeStatus(status);
  for (const group of ["receiving", "closed", "cancelled"] as const) {
    if (poStatusGroups[group].includes(s)) return group;
  }
  return "open";
}

/** Receiving orders count as both receiving and open. */
export function countsAsOpen(status: unknown): boolean {
  const g = poGroupOf(status);
  return g === "open" || g === "receiving";
}

/** Late = expected date before now and the order is neither closed nor cancelled. */
export function isPastDue(status: unknown, expectedDate: string | null | undefined, now: Date): boolean {
  if (!expectedDate || !countsAsOpen(status)) return false;
  const end = endOfDay(expectedDate);
  return end !== null && end.getTime() < now.getTime();
}

/** Due soon = the expected day falls from now up to `days` ahead: not yet over, and starting within the window. */
export function isDueSoon(status: unknown, expectedDate: string | null | undefined, now: Date, days = 7): boolean {
  if (!expectedDate || !countsAsOpen(status)) return false;
  const end = endOfDay(expectedDate);
  if (!end) return false;
  const start = new Date(end);
  start.setHours(0, 0, 0, 0);
  return end.getTime() >= now.getTime() && start.getTime() <= now.getTime() + days * 86_400_000;
}

/** PO screen: open = draft, issued, receiving; awaiting receipt = issued, receiving. */
export const poScreenOpenStatuses: readonly string[] = ["draft", "issued", "receiving"];
export const poAwaitingReceiptStatuses: readonly string[] = ["issued", "receiving"];

/** Overdue on the PO screen: neither received nor cancelled, and the end of the expected day has passed. */
export function isOverdue(status: unknown, expectedDate: string | null | undefined, now: Date): boolean {
  const s = normalizeStatus(status);
  if (!expectedDate || s === "received" || s === "cancelled") return false;
  const end = endOfDay(expectedDate);
  return end !== null && end.getTime() < now.getTime();
}

/** "overdue by N days", "due today", "due in N days" (1 to 3, amber), otherwise "Expected {date}". */
export function dueHint(status: unknown, expectedDate: string | null | undefined, now: Date): { text: string; tone: "overdue" | "soon" | "neutral" } | null {
  if (!expectedDate) return null;
  const end = endOfDay(expectedDate);
  if (!end) return null;
  const s = normalizeStatus(status);
  if (s === "received" || s === "cancelled") return { text: `Expected ${expectedDate}`, tone: "neutral" };
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const startOfDue = new Date(end);
  startOfDue.setHours(0, 0, 0, 0);
  const days = Math.round((startOfDue.getTime() - startOfToday.getTime()) / 86_400_000);
  if (days < 0) return { text: `overdue by ${-days} ${-days === 1 ? "day" : "days"}`, tone: "overdue" };
  if (days === 0) return { text: "due today", tone: "soon" };
  if (days <= 3) return { text: `due in ${days} ${days === 1 ? "day" : "days"}`, tone: "soon" };
  return { text: `Expected ${expectedDate}`, tone: "neutral" };
}
