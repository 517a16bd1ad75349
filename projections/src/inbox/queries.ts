import type { Kysely } from "kysely";
import { inboxBadge, type InboxCounts, type Role } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { counterNames, readCounters } from "./counters.ts";

/** Inbox figures as the caller sees them: requesters count their own requests, deciders what awaits their role. */
export async function readInbox(db: Kysely<Database>, actor: { id: string; role: Role }, now: Date): Promise<InboxCounts> {
  const stageRoles: (string | null)[] =
    actor.role === "admin"
      ? [null, "approver", "finance", "buyer", "admin", "requester"]
      : actor.role === "approver" || actor.role === "finance"
        ? [null, actor.role]
        : [actor.role];
  const names = [
    counterNames.pendingRequests,
    counterNames.pendingFor(actor.id),
    counterNames.openOrders,
    ...stageRoles.map((r) => counterNames.pendingAtStage(r)),
  ];
  const c = await readCounters(db, names);
  const pendingRequests = actor.role === "requester" ? c[counterNames.pendingFor(actor.id)]! : c[counterNames.pendingRequests]!;
  const pendingApprovals = actor.role === "requester" ? 0 : stageRoles.reduce((sum, r) => sum + c[counterNames.pendingAtStage(r)]!, 0);
  const openOrders = c[counterNames.openOrders]!;
  return { pendingRequests, pendingApprovals, openOrders, badge: inboxBadge(pendingRequests, openOrders), updatedAt: now.toISOString() };
}
