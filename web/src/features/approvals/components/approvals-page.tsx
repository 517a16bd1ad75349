import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { canSee, decisionRefusal, normalizeStatus, type PurchaseRequest } from "@procure/contracts";
import { useRequestSummary } from "@/lib/request-summary";
import { getInboxQueryOptions } from "@/lib/inbox-counts";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { formatCurrency, formatRecency } from "@/lib/format";
import { BlockedReason } from "@/components/ui/blocked-reason";
import { DecisionDialog } from "@/components/ui/decision-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { NeededBy, PriorityBadge } from "@/components/ui/request-urgency";
import { BudgetImpactLine } from "@/components/ui/budget-impact";
import { usePendingRequests } from "../api/get-pending-requests";
import "../approvals.css";
import { useDecideRequest, type Decision } from "@/lib/request-decision";
import { LoadMoreFooter } from "@/components/ui/load-more-footer";
import { useQueueShortcuts } from "./use-queue-shortcuts";

const COLUMNS = 5;

type Pending = { request: PurchaseRequest; decision: Decision };

export function ApprovalsPage() {
  const { user, role } = useSession();
  const query = usePendingRequests();
  const summary = useRequestSummary("");
  const update = useDecideRequest();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const linkToDetail = canSee(role, "requests");

  // As the server pages them: the most urgent first, and within a priority in the order requests arrived.
  const pending = (query.data?.pages.flatMap((page) => page.items) ?? []).filter((r) => normalizeStatus(r.status) === "pending");
  const total = summary.data?.counts.pending;
  // The header counts what waits for the reader's decision, as the inbox badge does; the list shows every pending request.
  const waiting = useQuery(getInboxQueryOptions()).data?.counts.decide;

  // The server's reason a reader may not decide a request now (separation of duties) is shown under its buttons.
  const blockedId = (request: PurchaseRequest) => `approval-blocked-${request.id}`;
  const actionable = (request: PurchaseRequest) =>
    user !== null && decisionRefusal({ role, userId: user.id }, { requesterId: request.requester_id, stageRole: request.current_stage_role }) === null;

  const ask = (request: PurchaseRequest, decision: Decision) => {
    update.reset();
    setConfirming({ request, decision });
  };
  const confirm = (comment: string, attempt: string) => {
    if (!confirming) return;
    update.mutate({ id: confirming.request.id, decision: confirming.decision, comment, attempt }, { onSuccess: () => setConfirming(null) });
  };
  const refusal = (request: PurchaseRequest) =>
    actionable(request)
      ? (request.decision_blocked_reason ?? null)
      : request.requester_id === user?.id
        ? "This is your own request."
        : "You cannot decide this request.";
  const keys = useQueueShortcuts({ rows: pending, refusal, onDecide: ask });
  const cancel = () => {
    setConfirming(null);
    update.reset();
  };

  return (
    <section className="card" aria-label="Pending approvals" aria-keyshortcuts="j k a d ?">
      <div className="card-header">
        <h2 className="card-title">
          Pending approvals{" "}
          {waiting !== undefined ? (
            <span className="badge badge-pending badge-plain" title="Waiting for your decision" data-testid="approvals-waiting">
              {waiting}
            </span>
          ) : null}
        </h2>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching && !query.isPending ? "Refreshing" : "Refresh"}
        </button>
      </div>
      {query.isError ? (
        <div className="card-body">
          <Notice tone="error" role="alert">{`Error: ${errorMessage(query.error)}`}</Notice>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table table-responsive">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Priority</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Category</th>
                <th scope="col" className="actions">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody aria-busy={query.isPending}>
              {query.isPending ? (
                <TableSkeletonRows rows={5} columns={COLUMNS} />
              ) : pending.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS}>
                    <EmptyState icon="✓" title="No pending approvals." />
                  </td>
                </tr>
              ) : (
                pending.map((request) => (
                  <tr
                    key={request.id}
                    data-request-id={request.id}
                    tabIndex={-1}
                    className={keys.currentId === request.id ? "approval-current" : undefined}
                    aria-current={keys.currentId === request.id ? "true" : undefined}
                    onFocus={() => keys.setCurrentId(request.id)}
                  >
                    <td>
                      {linkToDetail ? (
                        <Link to={paths.app.request.getHref(request.id)} className="approval-title">
                          {request.title}
                        </Link>
                      ) : (
                        <span className="approval-title">{request.title}</span>
                      )}
                      {/* Who asked and when sit under the title: as columns they pushed the decisions out of view. */}
                      <span className="subtle approval-stage">{[request.requester_email, formatRecency(request.created_at)].filter(Boolean).join(" · ")}</span>
                      {request.current_stage_role ? <span className="subtle approval-stage">Waiting on {request.current_stage_role}</span> : null}
                    </td>
                    <td data-label="Priority">
                      <span className="approval-urgency">
                        <PriorityBadge priority={request.priority} />
                        {request.needed_by ? (
                          <span className="subtle">
                            Needed by <NeededBy date={request.needed_by} />
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className="num" data-label="Amount">
                      {formatCurrency(request.amount)}
                    </td>
                    <td data-label="Category">
                      <span className="approval-category">
                        {request.category_name || "Uncategorised"}
                        <BudgetImpactLine impact={request.budget_impact} amount={request.amount} category={request.category_name} />
                      </span>
                    </td>
                    <td className="actions" data-label="Actions">
                      {actionable(request) ? (
                        <div className="decision-actions">
                          <div className="row">
                            <button
                              type="button"
                              className="btn btn-sm btn-success"
                              onClick={() => ask(request, "approve")}
                              disabled={!!request.decision_blocked_reason}
                              aria-label={`Approve ${request.title}`}
                              aria-describedby={request.decision_blocked_reason ? blockedId(request) : undefined}
                            >
                              Approve
                            </button>
                            <button
                              type="button"
                              className="btn btn-sm btn-danger"
                              onClick={() => ask(request, "deny")}
                              disabled={!!request.decision_blocked_reason}
                              aria-label={`Deny ${request.title}`}
                              aria-describedby={request.decision_blocked_reason ? blockedId(request) : undefined}
                            >
                              Deny
                            </button>
                          </div>
                          <BlockedReason id={blockedId(request)} reason={request.decision_blocked_reason} />
                        </div>
                      ) : (
                        <span className="subtle">{request.requester_id === user?.id ? "Your request" : "—"}</span>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {query.hasNextPage ? (
            <LoadMoreFooter
              shown={`Showing the first ${pending.length} of ${total ?? pending.length}`}
              hasMore
              loading={query.isFetchingNextPage}
              onMore={() => void query.fetchNextPage()}
            />
          ) : null}
        </div>
      )}
      <DecisionDialog
        subject={confirming?.request ?? null}
        verdict={confirming?.decision ?? "approve"}
        busy={update.isPending}
        error={update.isError ? errorMessage(update.error) : null}
        onConfirm={confirm}
        onCancel={cancel}
      />
      {keys.help}
    </section>
  );
}
