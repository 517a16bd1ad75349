import type { Budget } from "@procure/contracts";
import { formatAmount } from "@/lib/format";

const share = (part: number, whole: number) => `${whole > 0 ? Math.max(0, Math.min(100, (part / whole) * 100)) : 0}%`;

/**
 * Spent, then committed, then what remains, as parts of the budget's amount; an overspent budget fills the bar and
 * says by how much. The figures are written out beside it, so the bar itself is decoration to assistive technology.
 */
export function BudgetBar({ budget }: { budget: Budget }) {
  const used = budget.spent + budget.committed;
  const whole = Math.max(budget.amount, used);
  return (
    <div className="budget-figures">
      <div className={`budget-bar${budget.remaining < 0 ? " budget-bar-over" : ""}`} aria-hidden="true">
        <span className="budget-bar-spent" style={{ width: share(budget.spent, whole) }} />
        <span className="budget-bar-committed" style={{ width: share(budget.committed, whole) }} />
      </div>
      <dl className="budget-legend">
        <div>
          <dt>
            <span className="budget-swatch budget-bar-spent" aria-hidden="true" />
            Spent
          </dt>
          <dd>{formatAmount(budget.spent)}</dd>
        </div>
        <div>
          <dt>
            <span className="budget-swatch budget-bar-committed" aria-hidden="true" />
            Committed
          </dt>
          <dd>{formatAmount(budget.committed)}</dd>
        </div>
        <div>
          <dt>
            <span className="budget-swatch budget-swatch-remaining" aria-hidden="true" />
            {budget.remaining < 0 ? "Over by" : "Remaining"}
          </dt>
          <dd className={budget.remaining < 0 ? "budget-over" : undefined}>{formatAmount(Math.abs(budget.remaining))}</dd>
        </div>
      </dl>
    </div>
  );
}
