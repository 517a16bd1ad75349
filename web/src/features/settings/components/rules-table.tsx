import type { ApprovalRule } from "@procure/contracts";
import { formatCurrency } from "@/lib/format";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { EmptyState } from "@/components/ui/empty-state";
import { StageList } from "./stage-list";

export const noRulesMessage = "No rules yet.";

type Props = {
  rules: readonly ApprovalRule[];
  loading: boolean;
  canEdit: boolean;
  vendorName: (id: string) => string | undefined;
  deletingId?: string;
  onEdit: (rule: ApprovalRule) => void;
  onDelete: (rule: ApprovalRule) => void;
};

export const amountRange = (rule: Pick<ApprovalRule, "min_amount" | "max_amount">) =>
  rule.max_amount === null ? `${formatCurrency(rule.min_amount)} and up` : `${formatCurrency(rule.min_amount)} to ${formatCurrency(rule.max_amount)}`;

/** The rule carries its category's name but only its vendor's id, so the vendor name comes from the vendor list. */
function scope(rule: ApprovalRule, vendorName: Props["vendorName"]): string {
  const category = rule.category_id ? (rule.category_name ?? "One category") : "Any category";
  const vendor = rule.vendor_id ? (vendorName(rule.vendor_id) ?? "One vendor") : "Any vendor";
  return `${category} · ${vendor}`;
}

export function RulesTable({ rules, loading, canEdit, vendorName, deletingId, onEdit, onDelete }: Props) {
  const columns = canEdit ? 5 : 4;
  return (
    <div className="table-wrap">
      <table className="table table-responsive set-table" aria-label="Approval rules">
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Amount</th>
            <th scope="col">Stages</th>
            <th scope="col">Status</th>
            {canEdit ? (
              <th scope="col" className="actions">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <TableSkeletonRows rows={3} columns={columns} />
          ) : rules.length === 0 ? (
            <tr>
              <td colSpan={columns}>
                <EmptyState title={noRulesMessage}>
                  <p className="subtle">Until a rule matches, any approver, finance member or admin can decide a request.</p>
                </EmptyState>
              </td>
            </tr>
          ) : (
            rules.map((rule) => (
              <tr key={rule.id} data-testid="rule-row">
                <td className="set-rule-cell cell-stacked">
                  <span className="set-rule-name">{rule.name}</span>
                  <span className="subtle">{scope(rule, vendorName)}</span>
                </td>
                <td data-label="Amount">{amountRange(rule)}</td>
                <td data-label="Stages">
                  <StageList stages={rule.stages} />
                  {rule.over_budget_stages.length > 0 ? <span className="subtle">{`Over budget: then ${rule.over_budget_stages.join(", then ")}`}</span> : null}
                </td>
                <td data-label="Status">
                  <span className={`badge ${rule.active ? "badge-success" : ""}`}>{rule.active ? "active" : "inactive"}</span>
                </td>
                {canEdit ? (
                  <td className="actions" data-label="Actions">
                    <div className="row">
                      <button type="button" className="btn btn-sm" onClick={() => onEdit(rule)} aria-label={`Edit ${rule.name}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => onDelete(rule)}
                        disabled={deletingId === rule.id}
                        aria-label={`Delete ${rule.name}`}
                      >
                        {deletingId === rule.id ? "Deleting…" : "Delete"}
                      </button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
