import {
  actorNamed,
  amountTooLarge,
  decisionRefusal,
  defaultControlsSettings,
  maySeeRequest,
  stageSeparationRefusal,
  type ControlsSettings,
  type ApprovalStage,
  type EventData,
  type RequestPriority,
  type NewEvent,
  type OnBehalfOf,
  type RequestCommand,
  type RequestStatus,
  type Role,
  type StoredEvent,
  requestLinesOf,
  requestTotalTooLargeMessage,
} from "@procure/contracts";
import type { Actor } from "./actor.ts";
import { conflict, forbidden, invalid, notFound } from "./domain-error.ts";
import { requireAmountWithinMax, requireLinesWithinMax } from "./amount-bounds.ts";
import type { DecideContext, StreamDecider } from "./stream-decider.ts";

export type RequestState =
  | { exists: false }
  | {
      exists: true;
      id: string;
      status: RequestStatus;
      requesterId: string;
      stages: ApprovalStage[];
      fileCount: number;
      linkedOrderId: string | null;
      priority: RequestPriority;
      neededBy: string | null;
      /** What it would count against a budget: its amount in its category. */
      amount: number;
      categoryId: string | null;
      /** The decision that may still be taken back: the last one, while nothing but comments and files followed it. */
      lastDecision: LastDecision | null;
    };

/** Who decided, when, and on which stage (null: a request no rule routed). */
export type LastDecision = { verdict: "approved" | "denied"; by: string | null; at: string | null; stageIndex: number | null };

/** How long after a decision its decider may take it back: the screen offers it for less, so a slow answer still lands. */
export const DECISION_WITHDRAWAL_SECONDS = 30;

export const initialRequestState: RequestState = { exists: false };

export const requestStreamId = (id: string) => `request-${id}`;

export function evolveRequest(state: RequestState, event: StoredEvent | NewEvent): RequestState {
  if (event.type === "RequestCreated") {
    const d = event.data;
    return {
      exists: true,
      id: d.request_id,
      status: "pending",
      requesterId: d.requester_id,
      stages: d.stages,
      fileCount: 0,
      linkedOrderId: null,
      priority: d.priority,
      neededBy: d.needed_by,
      amount: d.amount,
      categoryId: d.category_id,
      lastDecision: null,
    };
  }
  if (!state.exists) return state;
  const next = evolveExisting(state, event);
  // Only a comment or a file may follow a decision that can still be taken back.
  return keepsLastDecision.has(event.type) ? next : { ...next, lastDecision: null };
}

const keepsLastDecision = new Set(["RequestStageApproved", "RequestApproved", "RequestDenied", "RequestCommented", "RequestFileAttached"]);

function evolveExisting(state: Extract<RequestState, { exists: true }>, event: StoredEvent | NewEvent): Extract<RequestState, { exists: true }> {
  const decision = (verdict: LastDecision["verdict"], stageIndex: number | null): LastDecision => ({
    verdict,
    stageIndex,
    by: "metadata" in event ? event.metadata.actor_id : null,
    at: "recorded_at" in event ? event.recorded_at : null,
  });
  switch (event.type) {
    case "RequestStageApproved": {
      // Who decided each stage, as the requests read model names them, for the rule of one stage per person.
      const decided_by = "metadata" in event ? actorNamed(event.metadata) : null;
      const stages = state.stages.map((s, i) => (i === event.data.stage_index ? { ...s, status: "approved" as const, decided_by } : s));
      return { ...state, stages, lastDecision: decision("approved", event.data.stage_index) };
    }
    case "RequestApproved":
      // The last stage's approval comes with its stage's event, which already named the decision.
      return { ...state, status: "approved", lastDecision: state.lastDecision ?? decision("approved", null) };
    case "RequestDenied":
      return { ...state, status: "denied", lastDecision: decision("denied", event.data.stage_index) };
    case "RequestDecisionWithdrawn": {
      const index = event.data.stage_index;
      const stages = state.stages.map((s, i) => (i === index ? { ...s, status: "waiting" as const, decided_by: null, decided_at: null } : s));
      return { ...state, status: "pending", stages, lastDecision: null };
    }
    case "RequestFileAttached":
      return { ...state, fileCount: state.fileCount + 1 };
    case "RequestLinkedToOrder":
      return { ...state, linkedOrderId: event.data.order_id };
    case "RequestUnlinkedFromOrder":
      return { ...state, linkedOrderId: null };
    case "RequestEdited":
      return { ...state, ...detailsOf(event.data) };
    case "RequestWithdrawn":
      return { ...state, status: "withdrawn" };
    case "RequestResubmitted":
      return { ...state, status: "pending", ...detailsOf(event.data) };
    default:
      return state;
  }
}

const detailsOf = (d: EventData<"RequestEdited">) => ({
  stages: d.stages,
  priority: d.priority,
  neededBy: d.needed_by,
  amount: d.amount,
  categoryId: d.category_id,
});

/**
 * Whether a need-by date has passed everywhere: it is compared with today in the zone furthest behind UTC (UTC-12),
 * so a requester whose day has not ended yet may still name it.
 */
export function isPastDate(date: string, now: string): boolean {
  const earliestToday = new Date(Date.parse(now) - 12 * 3_600_000).toISOString().slice(0, 10);
  return date < earliestToday;
}

function requireFutureNeededBy(neededBy: string | null, now: string) {
  if (neededBy !== null && isPastDate(neededBy, now)) throw invalid("The need-by date cannot be in the past.");
}

/**
 * Each line's amount and their sum within the amount rule, the catalogue lines at the prices the server gave them.
 * A request sent as an amount alone is told about its amount, not about the one line it reads as; one sent as lines
 * is told which line is past the rule.
 */
function requireRequestAmount(details: { title: string; amount: number; lines?: EventData<"RequestCreated">["lines"] }) {
  if (!details.lines?.length) requireAmountWithinMax(details.amount, amountTooLarge);
  requireLinesWithinMax(requestLinesOf(details), requestTotalTooLargeMessage);
  requireAmountWithinMax(details.amount, amountTooLarge);
}

export function createRequest(data: EventData<"RequestCreated">, now: string): NewEvent[] {
  requireFutureNeededBy(data.needed_by, now);
  requireRequestAmount(data);
  return [{ type: "RequestCreated", data }];
}

function requireExisting(state: RequestState) {
  if (!state.exists) throw notFound("Request not found.");
  return state;
}

function requirePending(state: Extract<RequestState, { exists: true }>) {
  if (state.status !== "pending") throw conflict(`This request was already ${state.status}; only pending requests can be decided.`);
}

type StandIn = NonNullable<Extract<RequestCommand, { type: "ApproveRequest" }>["stand_in_for"]>[number];

/** The stage the actor decides (null: an unrouted request) and on whose behalf, when only a delegation lets them. */
type Deciding = { index: number | null; onBehalfOf: OnBehalfOf | null };

/**
 * Whether the actor may decide now: in their own right, or else as the delegate of someone who may (never their own
 * request, and never through a delegate's delegate: `standInFor` names only those who delegated to the actor).
 */
function stageFor(state: Extract<RequestState, { exists: true }>, actor: Actor, standInFor: readonly StandIn[] = []): Deciding {
  const index = state.stages.findIndex((s) => s.status === "waiting");
  const target = { requesterId: state.requesterId, stageRole: index === -1 ? null : state.stages[index]!.role };
  const stage = index === -1 ? null : index;
  const refusal = decisionRefusal({ role: actor.role, userId: actor.id }, target);
  if (!refusal) return { index: stage, onBehalfOf: null };
  if (state.requesterId !== actor.id) {
    const delegator = standInFor.find((d) => decisionRefusal({ role: d.role, userId: d.id }, target) === null);
    if (delegator) return { index: stage, onBehalfOf: { user_id: delegator.id, email: delegator.email } };
  }
  throw forbidden(refusal);
}

/** The actor may decide this stage, and no other stage was theirs when the workspace keeps one stage per person. */
function decidingStage(
  state: Extract<RequestState, { exists: true }>,
  actor: Actor,
  standInFor: readonly StandIn[] | undefined,
  controls: ControlsSettings,
): Deciding {
  const deciding = stageFor(state, actor, standInFor);
  const separation = stageSeparationRefusal(controls, actor, state.stages);
  if (separation) throw conflict(separation);
  return deciding;
}

/** Without the workspace's settings given, its defaults hold: separation of duties on. */
export function approveRequest(
  state: RequestState,
  actor: Actor,
  comment: string | null,
  standInFor?: readonly StandIn[],
  controls: ControlsSettings = defaultControlsSettings,
): NewEvent[] {
  const s = requireExisting(state);
  requirePending(s);
  const { index, onBehalfOf } = decidingStage(s, actor, standInFor, controls);
  const behalf = onBehalfOf ? { on_behalf_of: onBehalfOf } : {};
  if (index === null) return [{ type: "RequestApproved", data: { request_id: s.id, comment, ...behalf } }];
  const stage = s.stages[index]!;
  const events: NewEvent[] = [{ type: "RequestStageApproved", data: { request_id: s.id, stage_index: index, role: stage.role, comment, ...behalf } }];
  const lastStage = s.stages.slice(index + 1).every((later) => later.status !== "waiting");
  if (lastStage) events.push({ type: "RequestApproved", data: { request_id: s.id, comment, ...behalf } });
  return events;
}

export function denyRequest(
  state: RequestState,
  actor: Actor,
  comment: string | null,
  standInFor?: readonly StandIn[],
  controls: ControlsSettings = defaultControlsSettings,
): NewEvent[] {
  const s = requireExisting(state);
  requirePending(s);
  const { index, onBehalfOf } = decidingStage(s, actor, standInFor, controls);
  const reason = comment?.trim();
  if (!reason) throw invalid("Give the requester a reason for the denial.");
  return [{ type: "RequestDenied", data: { request_id: s.id, stage_index: index, comment: reason, ...(onBehalfOf ? { on_behalf_of: onBehalfOf } : {}) } }];
}

/**
 * A decision taken back by the one who made it, within moments of making it, while nothing but comments and files
 * followed it: a later stage's decision, an order or the requester's own change settles it for good.
 */
export function withdrawDecision(state: RequestState, actor: Actor, now: string): NewEvent[] {
  const s = requireExisting(state);
  const last = s.lastDecision;
  if (!last) throw conflict("This request has no decision that can still be taken back.");
  if (last.by !== actor.id) throw conflict("Only the person who made this request's latest decision can take it back.");
  if (!last.at || Date.parse(now) - Date.parse(last.at) > DECISION_WITHDRAWAL_SECONDS * 1000) {
    throw conflict(`A decision can be taken back only within ${DECISION_WITHDRAWAL_SECONDS} seconds of making it.`);
  }
  return [{ type: "RequestDecisionWithdrawn", data: { request_id: s.id, verdict: last.verdict, stage_index: last.stageIndex } }];
}

type RequestChanges = Extract<RequestCommand, { type: "EditRequest" }>["changes"];

/**
 * The details as they will be recorded: a priority or need-by date left out stays as it was, and a date the request
 * already had may stay although it has passed since.
 */
function detailsAfter(state: Extract<RequestState, { exists: true }>, changes: RequestChanges, now: string): Omit<EventData<"RequestEdited">, "request_id"> {
  const neededBy = changes.needed_by === undefined ? state.neededBy : changes.needed_by;
  if (neededBy !== state.neededBy) requireFutureNeededBy(neededBy, now);
  if (changes.amount !== state.amount) requireRequestAmount(changes);
  return { ...changes, priority: changes.priority ?? state.priority, needed_by: neededBy };
}

/** Only the requester changes what they asked for; to anyone else it is a decision, not an edit. */
function requireRequester(state: Extract<RequestState, { exists: true }>, actor: Actor, doing: string) {
  if (state.requesterId !== actor.id) throw forbidden(`Only the requester can ${doing} this request.`);
}

/** An edited request is routed again from its first stage: approvals given to the old details do not carry over. */
export function editRequest(state: RequestState, actor: Actor, changes: RequestChanges, now: string): NewEvent[] {
  const s = requireExisting(state);
  requireRequester(s, actor, "edit");
  if (s.status !== "pending") throw conflict(`This request was already ${s.status}; only pending requests can be edited.`);
  return [{ type: "RequestEdited", data: { request_id: s.id, ...detailsAfter(s, changes, now) } }];
}

export function withdrawRequest(state: RequestState, actor: Actor, reason: string | null): NewEvent[] {
  const s = requireExisting(state);
  requireRequester(s, actor, "withdraw");
  if (s.status !== "pending") throw conflict(`This request was already ${s.status}; only pending requests can be withdrawn.`);
  return [{ type: "RequestWithdrawn", data: { request_id: s.id, reason: reason?.trim() || null } }];
}

export function resubmitRequest(state: RequestState, actor: Actor, changes: RequestChanges, now: string): NewEvent[] {
  const s = requireExisting(state);
  requireRequester(s, actor, "resubmit");
  if (s.status !== "denied" && s.status !== "withdrawn") throw conflict(`This request is ${s.status}; only denied or withdrawn requests can be resubmitted.`);
  return [{ type: "RequestResubmitted", data: { request_id: s.id, ...detailsAfter(s, changes, now) } }];
}

export function commentOnRequest(state: RequestState, commentId: string, body: string): NewEvent[] {
  const s = requireExisting(state);
  return [{ type: "RequestCommented", data: { request_id: s.id, comment_id: commentId, body } }];
}

export function attachFile(state: RequestState, file: Omit<EventData<"RequestFileAttached">, "request_id">): NewEvent[] {
  const s = requireExisting(state);
  return [{ type: "RequestFileAttached", data: { request_id: s.id, ...file } }];
}

/** A new link needs an approved request; a linked order that changes its number tells the request the new one. */
export function linkRequestToOrder(state: RequestState, orderId: string, poNumber: string, approvedOnly = true): NewEvent[] {
  if (!state.exists) throw invalid("Choose a valid request.");
  if (approvedOnly && state.status !== "approved") throw conflict("Only approved requests can be turned into purchase orders.");
  return [{ type: "RequestLinkedToOrder", data: { request_id: state.id, order_id: orderId, po_number: poNumber } }];
}

/** An order that goes away releases its request, which becomes ready for a purchase order again. */
export function unlinkRequestFromOrder(state: RequestState, orderId: string): NewEvent[] {
  if (!state.exists || state.linkedOrderId !== orderId) return [];
  return [{ type: "RequestUnlinkedFromOrder", data: { request_id: state.id, order_id: orderId } }];
}

function requireActor(context: DecideContext): Actor {
  if (!context.actor) throw forbidden("Sign in to do this.");
  return context.actor;
}

export function decideRequest(state: RequestState, command: RequestCommand, context: DecideContext): NewEvent[] {
  switch (command.type) {
    case "CreateRequest":
      if (state.exists) throw conflict("This request already exists.");
      return createRequest(command.request, context.now);
    case "ApproveRequest":
      return approveRequest(state, requireActor(context), command.comment, command.stand_in_for, command.controls);
    case "DenyRequest":
      return denyRequest(state, requireActor(context), command.comment, command.stand_in_for, command.controls);
    case "WithdrawDecision":
      return withdrawDecision(state, requireActor(context), context.now);
    case "CommentOnRequest":
      return commentOnRequest(state, command.comment_id, command.body);
    case "AttachFile":
      return attachFile(state, command.file);
    case "LinkRequestToOrder":
      return linkRequestToOrder(state, command.order_id, command.po_number, command.approved_only);
    case "UnlinkRequestFromOrder":
      return unlinkRequestFromOrder(state, command.order_id);
    case "EditRequest":
      return editRequest(state, requireActor(context), command.changes, context.now);
    case "WithdrawRequest":
      return withdrawRequest(state, requireActor(context), command.reason);
    case "ResubmitRequest":
      return resubmitRequest(state, requireActor(context), command.changes, context.now);
    default: {
      const unknown: never = command;
      throw invalid(`Unknown command ${(unknown as { type: string }).type}.`);
    }
  }
}

/** Requesters see their own requests; roles that read every request see them all. Someone else's is not found. */
export function requireVisibleRequest(state: RequestState, actor: Actor) {
  if (state.exists && !maySeeRequest(actor, state.requesterId)) throw notFound("Request not found.");
}

/** Fresh approval stages for a route: one waiting stage per role, in order. */
export function stagesFor(roles: readonly Role[]): ApprovalStage[] {
  return roles.map((role) => ({ role, status: "waiting", decided_by: null, decided_at: null }));
}

export const requestDecider: StreamDecider<RequestState, RequestCommand> = {
  streamType: "request",
  streamId: requestStreamId,
  initialState: initialRequestState,
  evolve: evolveRequest,
  decide: decideRequest,
  requireVisible: requireVisibleRequest,
};
