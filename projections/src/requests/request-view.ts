import { actorNamed, requestLinesOf, type ApprovalStage, type Comment, type PurchaseRequest, type Role, type StoredEvent } from "@procure/contracts";

/**
 * A request as its own stream tells it. The requests read model stores exactly this, and a command's answer
 * uses it directly when the read model has not caught up yet, so the two can never disagree.
 */
export function requestView(events: readonly StoredEvent[]): PurchaseRequest | null {
  let view: PurchaseRequest | null = null;
  for (const event of events) view = nextRequestView(view, event);
  return view;
}

/** One event's effect on a request as its stream tells it; the requests read model folds batches with it. */
export function nextRequestView(before: PurchaseRequest | null, event: StoredEvent): PurchaseRequest | null {
  let view = before;
  if (event.type === "RequestCreated") {
    const d = event.data;
    view = {
      id: d.request_id,
      title: d.title,
      status: "pending",
      amount: d.amount,
      lines: requestLinesOf(d),
      description: d.description,
      category_id: d.category_id,
      category_name: d.category_name,
      vendor_id: d.vendor_id,
      vendor_name: d.vendor_name,
      priority: d.priority,
      needed_by: d.needed_by,
      po_number: null,
      order_id: null,
      decision_comment: null,
      requester_id: d.requester_id,
      requester_email: d.requester_email,
      rule_id: d.rule_id,
      stages: d.stages,
      current_stage_role: null,
      version: event.stream_version,
      created_at: event.recorded_at,
      updated_at: event.recorded_at,
    };
  } else if (view) {
    view = evolveView(view, event);
  }
  if (view)
    view = { ...view, current_stage_role: view.status === "pending" ? ((view.stages.find((s) => s.status === "waiting")?.role as Role) ?? null) : null };
  return view;
}

function evolveView(view: PurchaseRequest, event: StoredEvent): PurchaseRequest {
  const decided = { decided_by: actorNamed(event.metadata), decided_at: event.recorded_at };
  const touched = { version: event.stream_version, updated_at: event.recorded_at };
  const setStage = (index: number | null, status: ApprovalStage["status"], rest: ApprovalStage["status"] | null) =>
    view.stages.map((s, i) => (i === index ? { ...s, status, ...decided } : rest && s.status === "waiting" ? { ...s, status: rest } : s));
  switch (event.type) {
    case "RequestStageApproved":
      return { ...view, ...touched, stages: setStage(event.data.stage_index, "approved", null) };
    case "RequestApproved":
      return { ...view, ...touched, status: "approved", decision_comment: event.data.comment };
    case "RequestDenied":
      return { ...view, ...touched, status: "denied", decision_comment: event.data.comment, stages: setStage(event.data.stage_index, "denied", "skipped") };
    case "RequestDecisionWithdrawn": {
      // The decided stage waits again, and so do the stages a denial skipped.
      const undecided = { decided_by: null, decided_at: null };
      const stages = view.stages.map((s, i) =>
        i === event.data.stage_index || (event.data.verdict === "denied" && s.status === "skipped") ? { ...s, status: "waiting" as const, ...undecided } : s,
      );
      return { ...view, ...touched, status: "pending", decision_comment: null, stages };
    }
    case "RequestLinkedToOrder":
      return { ...view, ...touched, po_number: event.data.po_number, order_id: event.data.order_id };
    case "RequestUnlinkedFromOrder":
      return { ...view, ...touched, po_number: null, order_id: null };
    case "RequestEdited": {
      const { request_id: _id, ...details } = event.data;
      return { ...view, ...touched, ...details, lines: requestLinesOf(details) };
    }
    case "RequestWithdrawn":
      return { ...view, ...touched, status: "withdrawn", decision_comment: event.data.reason, stages: setStage(null, "skipped", "skipped") };
    case "RequestResubmitted": {
      const { request_id: _id, ...details } = event.data;
      return { ...view, ...touched, ...details, lines: requestLinesOf(details), status: "pending", decision_comment: null };
    }
    default:
      // Comments and files are on the request's stream but do not change the request row.
      return view;
  }
}

/** A comment on a request is its one event: the comments read model stores exactly this, and a command answers it. */
export function commentView(event: StoredEvent<"RequestCommented">): Comment {
  return {
    id: event.data.comment_id,
    request_id: event.data.request_id,
    body: event.data.body,
    author: event.metadata.actor_email ?? "unknown",
    author_id: event.metadata.actor_id ?? "",
    created_at: event.recorded_at,
  };
}
