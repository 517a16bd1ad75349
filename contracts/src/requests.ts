import { z } from "zod";
import { budgetImpact } from "./budgets.ts";
import { requestSortFields, sortParam } from "./list-sort.ts";
import { blankAsNull, money, requiredLine, requiredText, shortText } from "./common.ts";
import { role } from "./roles.ts";
import { addDays } from "./vendor-diligence.ts";
import { refineRequestLines, requestAmountOrLinesMessage, requestLine, requestLineInput } from "./request-lines.ts";

/** Withdrawn: the requester took it back while it waited; it may be resubmitted like a denied one. */
export const requestStatuses = ["pending", "approved", "denied", "withdrawn"] as const;
export const requestStatus = z.enum(requestStatuses);
export type RequestStatus = z.infer<typeof requestStatus>;

const optionalId = z.preprocess((v) => (v === "" ? null : v), z.uuid().nullable().optional());

/** How urgent a request is, lowest first; the approvals queue puts the most urgent first. */
export const requestPriorities = ["low", "normal", "high", "urgent"] as const;
export const requestPriority = z.enum(requestPriorities, { error: "Choose low, normal, high or urgent." });
export type RequestPriority = z.infer<typeof requestPriority>;
export const defaultRequestPriority: RequestPriority = "normal";
/** A request needed within this many days of today is flagged in the inbox and in its mails. */
export const neededSoonDays = 3;

/** The last need-by date (YYYY-MM-DD) that counts as soon on `now`'s UTC day: earlier ones, passed ones included, do too. */
export const neededSoonLimit = (now: Date): string => addDays(now.toISOString().slice(0, 10), neededSoonDays);

/** Whether a need-by date (YYYY-MM-DD) falls within `neededSoonDays` of `now`'s UTC day, or has passed. */
export function isNeededSoon(neededBy: string | null | undefined, now: Date): boolean {
  return !!neededBy && neededBy <= neededSoonLimit(now);
}

const neededBy = blankAsNull(z.iso.date({ error: "Enter the need-by date as YYYY-MM-DD." }));

/**
 * A request's details as the requester sends them. `lines` carry what it asks for and its amount is their sum; a body
 * with only `amount` is one line of it. With lines, a sent `amount` is not read.
 */
export const createRequestBody = z
  .object({
    title: requiredLine(200),
    amount: money.optional(),
    lines: z.array(requestLineInput).min(1, { error: requestAmountOrLinesMessage }).max(100).optional(),
    category_id: optionalId,
    vendor_id: optionalId,
    description: shortText(5000).optional(),
    /** Normal when left out; an edit or resubmission without it keeps the request's own. */
    priority: requestPriority.optional(),
    /** Null clears it; an edit or resubmission without it keeps the request's own. */
    needed_by: neededBy.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.amount === undefined && !body.lines) ctx.addIssue({ code: "custom", message: requestAmountOrLinesMessage, path: ["amount"] });
    refineRequestLines(body.lines, ctx);
  });
export type CreateRequestBody = z.infer<typeof createRequestBody>;

/** PATCH carries a decision; other transitions out of pending have routes of their own. A denial needs a reason. */
export const updateRequestBody = z.object({
  status: z.enum(["approved", "denied"], { error: "Choose a valid status" }),
  comment: shortText(2000).optional(),
});
export type UpdateRequestBody = z.infer<typeof updateRequestBody>;

export const decisionBody = z
  .object({ comment: shortText(2000).optional() })
  .nullish()
  .transform((v) => v ?? {});

/** A denial tells the requester why; a missing reason is refused by the decision, after whether the actor may decide. */
export const denialBody = z
  .object({ comment: shortText(2000).optional().describe("Required: the reason, shown to the requester") })
  .nullish()
  .transform((v) => v ?? {});

/** An edit or a resubmission carries the request's details as the requester now wants them, like a new request. */
export const requestChangesBody = createRequestBody;
export type RequestChangesBody = z.infer<typeof requestChangesBody>;

export const withdrawalBody = z
  .object({ reason: shortText(2000).optional() })
  .nullish()
  .transform((v) => v ?? {});

/** The purchase order a request turned into, as anyone who may see the request may see it. */
export const requestOrder = z.object({ id: z.uuid(), po_number: z.string(), status: z.string() });
export type RequestOrder = z.infer<typeof requestOrder>;

export const approvalStage = z.object({
  role,
  status: z.enum(["waiting", "approved", "denied", "skipped"]),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type ApprovalStage = z.infer<typeof approvalStage>;

export const purchaseRequest = z.object({
  id: z.uuid(),
  title: z.string(),
  status: requestStatus,
  amount: z.number(),
  /** What it asks for; `amount` is their sum. A request raised before lines existed is one line of its amount. */
  lines: z.array(requestLine),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  vendor_id: z.string().nullable(),
  vendor_name: z.string().nullable(),
  po_number: z.string().nullable(),
  order_id: z.string().nullable(),
  /** The reason of the latest denial or withdrawal, or the comment of the final approval. */
  decision_comment: z.string().nullable(),
  description: z.string().nullable(),
  priority: requestPriority,
  needed_by: z.string().nullable(),
  requester_id: z.string(),
  requester_email: z.string(),
  rule_id: z.string().nullable(),
  stages: z.array(approvalStage),
  current_stage_role: role.nullable(),
  /** A pending request in a budgeted category: what approving it now would leave of the budget (null when none applies). */
  budget_impact: budgetImpact.nullable().optional(),
  /**
   * Why the reader may not approve or deny it now under the workspace's separation of duties (they decided another of
   * its stages), or null; the decider refuses with the same words. Absent where no one reads it as a decision.
   */
  decision_blocked_reason: z.string().nullable().optional(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

export const requestListQuery = z.object({
  status: requestStatus.optional(),
  q: z.string().trim().max(200).optional(),
  vendor_id: z.uuid().optional(),
  mine: z.enum(["true", "false"]).optional(),
  awaiting_me: z.enum(["true", "false"]).optional(),
  /** Newest change first (the default), oldest submission first, or most urgent then oldest, as the approvals queue reads. */
  order: z.enum(["newest", "oldest", "priority"]).optional(),
  /** A column and direction (`-amount`); wins over `order`. Pages follow it: the cursor carries its key. */
  sort: sortParam(requestSortFields).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(300).optional(),
});
/** `GET /api/requests/export.csv`: every request the list's filters, search and sort match, as CSV. */
export const requestExportQuery = requestListQuery.omit({ limit: true, cursor: true });

/** `GET /api/requests/summary`: the Requests screen's chips and KPI cards, over every request the viewer sees. */
export const requestSummaryQuery = z.object({ q: z.string().trim().max(200).optional(), mine: z.enum(["true", "false"]).optional() });
export const requestSummary = z.object({
  counts: z.object({
    all: z.number().int(),
    approved: z.number().int(),
    pending: z.number().int(),
    denied: z.number().int(),
    withdrawn: z.number().int(),
  }),
  spend: z.number(),
  latest_submission: z.string().nullable(),
  /** Approved over decided, whole percent, null before any decision: `approvalRate` in figures.ts, as the dashboard. */
  approval_rate: z.number().int().nullable(),
});
export type RequestSummary = z.infer<typeof requestSummary>;

export const commentBody = z.object({ body: requiredText(5000) });
export const comment = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  body: z.string(),
  author: z.string(),
  author_id: z.string(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof comment>;

export const auditEntry = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  stream_version: z.number().int(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const requestFile = z.object({
  id: z.uuid(),
  filename: z.string(),
  url: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  sha256: z.string(),
  uploaded_by: z.string(),
  created_at: z.string(),
});
export type RequestFile = z.infer<typeof requestFile>;

export const chainVerification = z.object({
  stream_id: z.string(),
  events: z.number().int(),
  valid: z.boolean(),
  first_broken: z.object({ stream_version: z.number().int(), event_id: z.string(), reason: z.string() }).nullable(),
});
export type ChainVerification = z.infer<typeof chainVerification>;

/** A request's chain as `GET /api/requests/:id/audit/verify` answers it: `brokenAt` names the first broken event. */
export const requestChainVerification = chainVerification.extend({
  brokenAt: z.object({ stream_version: z.number().int(), event_id: z.string(), reason: z.string() }).optional(),
});
export type RequestChainVerification = z.infer<typeof requestChainVerification>;
