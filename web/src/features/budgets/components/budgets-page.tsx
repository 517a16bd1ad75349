import { useState } from "react";
import { toast } from "sonner";
import { can, periodLabel, periodsOf, type Budget } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { formatAmount } from "@/lib/format";
import { useDialogState } from "@/lib/use-dialog-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ExportCsvButton } from "@/components/ui/export-csv-button";
import { Notice } from "@/components/ui/notice";
import { useBudgets } from "../api/get-budgets";
import { useDeleteBudget } from "../api/delete-budget";
import { BudgetBar } from "./budget-bar";
import { BudgetDrawer } from "./budget-drawer";
import "../budgets.css";

export const deleteBudgetQuestion = "Delete this budget?";

/** "new": creating; a budget: editing it. */
type Editing = "new" | Budget;

const budgetName = (budget: Budget) => `${budget.category_name ?? "Category"}, ${periodLabel(budget.period)}`;

export function BudgetsPage() {
  const { role } = useSession();
  const canEdit = can(role, "budgets:write");
  const budgets = useBudgets();
  const remove = useDeleteBudget();
  const editing = useDialogState<Editing>();
  const [heading, setHeading] = useState<HTMLHeadingElement | null>(null);
  const thisQuarter = periodsOf(new Date().toISOString().slice(0, 10))[1]!;

  const onDelete = (budget: Budget) => {
    if (!window.confirm(deleteBudgetQuestion)) return;
    remove.mutate(budget.id, {
      onSuccess: () => {
        toast.success("Budget deleted", { description: budgetName(budget) });
        // The row and its button are gone; the heading keeps keyboard users in place.
        heading?.focus();
      },
      onError: (error) => toast.error("Delete failed", { description: errorMessage(error) }),
    });
  };

  const list = budgets.data ?? [];
  return (
    <section className="card budgets-page" aria-labelledby="budgets-title">
      <div className="card-header">
        <div>
          <h2 id="budgets-title" className="card-title" tabIndex={-1} ref={setHeading}>
            Budgets
          </h2>
          <p className="subtle">Committed: approved requests not yet ordered and orders not yet invoiced. Spent: invoiced.</p>
        </div>
        <div className="budgets-actions">
          <ExportCsvButton href="/api/budgets/export.csv" filename="budgets.csv" />
          {canEdit ? (
            <button type="button" className="btn btn-primary" onClick={() => editing.openWith("new")}>
              New budget
            </button>
          ) : null}
        </div>
      </div>
      {budgets.isError ? (
        <div className="card-body">
          <Notice tone="error" role="alert">
            {`Unable to load budgets: ${errorMessage(budgets.error)}`}{" "}
            <button type="button" className="btn btn-sm" onClick={() => void budgets.refetch()}>
              Try again
            </button>
          </Notice>
        </div>
      ) : budgets.isPending ? (
        <div className="card-body" aria-busy="true">
          <p className="subtle" role="status">
            Loading budgets…
          </p>
          {[0, 1, 2].map((row) => (
            <span key={row} className="skeleton budget-skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <div className="card-body">
          <EmptyState icon="◔" title="No budgets yet.">
            <p className="subtle">Set an amount for a category and a year, quarter or month to follow what it commits and spends.</p>
          </EmptyState>
        </div>
      ) : (
        <ul className="budget-list" aria-label="Budgets">
          {list.map((budget) => (
            <li key={budget.id} className="budget-row" data-budget-id={budget.id}>
              <div className="budget-row-head">
                <h3 className="budget-name">
                  {budget.category_name ?? "Category"} <span className="subtle">{periodLabel(budget.period)}</span>
                </h3>
                <span className="budget-amount">{formatAmount(budget.amount)}</span>
                {budget.remaining < 0 ? <span className="badge badge-danger">Over budget</span> : null}
              </div>
              <BudgetBar budget={budget} />
              {canEdit ? (
                <div className="row budget-actions">
                  <button type="button" className="btn btn-sm" onClick={() => editing.openWith(budget)} aria-label={`Edit ${budgetName(budget)}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-danger"
                    disabled={remove.isPending && remove.variables === budget.id}
                    onClick={() => onDelete(budget)}
                    aria-label={`Delete ${budgetName(budget)}`}
                  >
                    Delete
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <BudgetDrawer
          budget={editing.value === "new" ? null : editing.value}
          defaultPeriod={thisQuarter}
          open={editing.isOpen}
          onOpenChange={(open) => (open ? undefined : editing.close())}
        />
      ) : null}
    </section>
  );
}
