import { z } from "zod";
import { can, role, type Role } from "./roles.ts";

/**
 * Approval delegation: while it runs, a delegate may decide what the delegator may decide. Both sides are recorded
 * on their own stream `approval-delegation-{user id}` (stream type "user"), written together, so a decision reads
 * whom its actor stands in for from the actor's own stream, inside the command.
 */
export const approvalDelegationStreamId = (userId: string) => `approval-delegation-${userId}`;

const day = (what: string) => z.iso.date({ error: `Enter the ${what} as YYYY-MM-DD.` });

/** `PUT /api/me/delegation`: from the first to the last day, both included. */
export const delegationBody = z
  .object({ delegate_id: z.uuid({ error: "Choose a member to delegate to." }), starts_on: day("first day"), ends_on: day("last day") })
  .refine((b) => b.ends_on >= b.starts_on, { error: "The last day cannot come before the first.", path: ["ends_on"] });
export type DelegationBody = z.infer<typeof delegationBody>;

/** A delegation as its delegator sees it (`GET /api/me/delegation`), and those the user stands in for. */
export const delegationPeriod = z.object({ starts_on: z.string(), ends_on: z.string() });
export const delegationAnswer = z.object({
  delegation: delegationPeriod.extend({ delegate_id: z.string(), delegate_email: z.string() }).nullable(),
  standing_in_for: z.array(delegationPeriod.extend({ delegator_id: z.string(), delegator_email: z.string() })),
});
export type DelegationAnswer = z.infer<typeof delegationAnswer>;

const delegated = {
  delegator_id: z.uuid(),
  delegator_email: z.string(),
  delegate_id: z.uuid(),
  delegate_email: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
};
const ended = { delegator_id: z.uuid(), delegate_id: z.uuid() };

export const delegationEventSchemas = {
  /** On the delegator's stream. A new delegation replaces the one before. */
  ApprovalsDelegated: z.object(delegated),
  /** On the delegate's stream, in the same append. */
  DelegatedApprovalsReceived: z.object(delegated),
  /** On the delegator's stream: ended before its last day, or replaced by a delegation to someone else. */
  ApprovalDelegationEnded: z.object(ended),
  DelegatedApprovalsWithdrawn: z.object(ended),
} as const;

/** Who a member is as a delegation command reads them from their own streams. */
const member = z.object({ id: z.uuid(), email: z.string(), role, active: z.boolean() });

export const delegationCommand = z.discriminatedUnion("type", [
  /**
   * On the delegator's stream; `delegate` as its user stream tells it (null: no such member), `delegate_gave` the
   * delegation the delegate gave themselves, from their own delegation stream; `today` for "has it ended already".
   */
  z.object({
    type: z.literal("DelegateApprovals"),
    delegator: member,
    delegate: member.nullable(),
    delegate_gave: delegationPeriod.nullable(),
    starts_on: z.string(),
    ends_on: z.string(),
    today: z.string(),
  }),
  /** On the delegate's stream, with the delegation its delegator's stream decided. */
  z.object({ type: z.literal("ReceiveDelegatedApprovals"), delegation: z.object(delegated) }),
  z.object({ type: z.literal("EndDelegation") }),
  z.object({ type: z.literal("WithdrawDelegatedApprovals"), delegator_id: z.uuid() }),
]);
export type DelegationCommand = z.infer<typeof delegationCommand>;

/** Whether a period runs on a day (YYYY-MM-DD): its first and last day included. */
export const runsOn = (period: { starts_on: string; ends_on: string }, day: string) => period.starts_on <= day && day <= period.ends_on;
export const periodsOverlap = (a: { starts_on: string; ends_on: string }, b: { starts_on: string; ends_on: string }) =>
  a.starts_on <= b.ends_on && b.starts_on <= a.ends_on;

/**
 * Whether a member of `role` may take others' approvals: they see every request and decide requests, so each
 * request they are handed opens for them and its stage is one their role, or the delegation, lets them decide.
 */
export const mayTakeDelegatedApprovals = (r: Role) => can(r, "requests:read-all") && can(r, "requests:decide");

/** `GET /api/me/delegation/candidates`: the active members one may delegate to (`mayTakeDelegatedApprovals`). */
export const delegationCandidate = z.object({ id: z.string(), email: z.string() });
export type DelegationCandidate = z.infer<typeof delegationCandidate>;

/** On whose behalf a decision was taken through a delegation. */
export const onBehalfOf = z.object({ user_id: z.string(), email: z.string() });
export type OnBehalfOf = z.infer<typeof onBehalfOf>;
