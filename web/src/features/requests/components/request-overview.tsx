import type { PurchaseRequest } from "@procure/contracts";
import { formatCurrency, formatRecency } from "@/lib/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { NeededBy, PriorityBadge } from "@/components/ui/request-urgency";
import { BudgetImpactLine } from "@/components/ui/budget-impact";
import { DecisionButtons } from "./decision-buttons";
import { RequestActions } from "./request-actions";
import { RequestOrderLine } from "./request-order-line";
import { stageProgress } from "../lib/stage-progress";

const reasonLabel: Record<string, string> = { denied: "Reason for denial", withdrawn: "Reason for withdrawal", approved: "Approver's comment" };

export function RequestOverview({ request }: { request: PurchaseRequest }) {
  const stages = Array.isArray(request.stages) ? request.stages : [];
  const progress = stageProgress(stages);
  return (
    <div className="stack" style={{ gap: 20 }}>
      <div className="overview-headline">
        <div>
          <span className="subtle">Amount</span>
          <p className="overview-amount">{formatCurrency(request.amount)}</p>
        </div>
        <StatusBadge status={request.status} />
      </div>
      <dl className="definition-list">
        <dt>Priority</dt>
        <dd>
          <PriorityBadge priority={request.priority} />
        </dd>
        <dt>Needed by</dt>
        <dd>
          <NeededBy date={request.needed_by} />
        </dd>
        <dt>Category</dt>
        <dd>{request.category_name || "Uncategorised"}</dd>
        {request.budget_impact ? (
          <>
            <dt>Budget</dt>
            <dd>
              <BudgetImpactLine impact={request.budget_impact} amount={request.amount} category={request.category_name} />
            </dd>
          </>
        ) : null}
        <dt>Vendor</dt>
        <dd>{request.vendor_name || "—"}</dd>
        <dt>Requested by</dt>
        <dd>{request.requester_email || "—"}</dd>
        <dt>PO number</dt>
        <dd>
          <RequestOrderLine request={request} />
        </dd>
        <dt>Submitted</dt>
        <dd>{formatRecency(request.created_at)}</dd>
        <dt>Last updated</dt>
        <dd>{formatRecency(request.updated_at)}</dd>
      </dl>
      {request.decision_comment ? (
        <div className="stack" style={{ gap: 6 }}>
          <h3 className="section-label">{reasonLabel[request.status] ?? "Comment"}</h3>
          <p className="prewrap" data-testid="decision-comment">
            {request.decision_comment}
          </p>
        </div>
      ) : null}
      {request.description ? (
        <div className="stack" style={{ gap: 6 }}>
          <h3 className="section-label">Description</h3>
          <p className="prewrap">{request.description}</p>
        </div>
      ) : null}
      {stages.length > 0 ? (
        <div className="stack" style={{ gap: 8 }}>
          <h3 className="section-label">Approval stages</h3>
          <ol className="stage-list">
            {stages.map((stage, index) => (
              <li key={`${stage.role}-${index}`} aria-current={progress[index]!.current ? "step" : undefined}>
                <span className="stage-index">{index + 1}</span>
                <span className="stage-role">{stage.role}</span>
                <span className={`badge badge-plain ${progress[index]!.tone}`}>{progress[index]!.label}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <DecisionButtons request={request} size="md" hideWhenUnavailable />
      <RequestActions request={request} />
    </div>
  );
}
