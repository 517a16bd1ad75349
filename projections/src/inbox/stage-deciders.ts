import { decisionRefusal, roles, stageRoles as routableRoles, type Role } from "@procure/contracts";

/** A member as the inbox needs them: who they are, what role they hold, whether they can sign in. */
export type Member = { id: string; role: Role; active: boolean };

/** A request's stage that waits: null for a request routed to no stage, which any decider may take. */
export type StageTarget = { requesterId: string; stageRole: Role | null };

/**
 * Who may decide this stage in their own right. A delegate sees their delegators' items when the inbox is read
 * (`listInboxItems`), since a delegation starts and ends with the calendar rather than with an event.
 */
export function whoMayDecide(members: Iterable<Member>, target: StageTarget): string[] {
  return [...members].filter((m) => m.active && decisionRefusal({ role: m.role, userId: m.id }, target) === null).map((m) => m.id);
}

/** Every stage a request can wait at: the roles a rule may route to, and none. */
const stageRoles: (Role | null)[] = [null, ...routableRoles];
const someoneElse = "someone-else";

/**
 * The stages a member may decide, as the same rule says: the roles of stages they may take on someone else's
 * request, with null for unrouted requests. Their own requests are never theirs to decide.
 */
export function decidableStages(member: Member): { stageRoles: (Role | null)[]; ownRequests: boolean } {
  if (!member.active) return { stageRoles: [], ownRequests: false };
  const mayTake = (requesterId: string, stageRole: Role | null) =>
    decisionRefusal({ role: member.role, userId: member.id }, { requesterId, stageRole }) === null;
  return {
    stageRoles: stageRoles.filter((stageRole) => mayTake(someoneElse, stageRole)),
    ownRequests: stageRoles.some((stageRole) => mayTake(member.id, stageRole)),
  };
}

/** Who acts on purchase orders: active buyers (finance acts on its approval stage, admins on every stage). */
export const actsOnOrders = (member: Member) => member.active && member.role === "buyer";

export function whoActsOnOrders(members: Iterable<Member>): string[] {
  return [...members].filter(actsOnOrders).map((m) => m.id);
}

/**
 * The roles whose active members may act on something: decide some stage, or act on orders. Nobody else ever gets a
 * derived item, so a batch need not load them (in most workspaces, most members are requesters).
 */
export const actingRoles: readonly Role[] = roles.filter((role) => {
  const member = { id: "any-member", role, active: true };
  const { stageRoles, ownRequests } = decidableStages(member);
  return actsOnOrders(member) || stageRoles.length > 0 || ownRequests;
});
