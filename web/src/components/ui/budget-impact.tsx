import { periodLabel, type BudgetImpact } from "@procure/contracts";
import { formatAmount } from "@/lib/format";
import "./budget-impact.css";

type Props = { impact: BudgetImpact | null | undefined; amount: number; category: string | null };

/** What approving a pending request would use of its budget: "Uses $640 of $2,000 left in Q4 Office", flagged when over. */
export function BudgetImpactLine({ impact, amount, category }: Props) {
  if (!impact) return null;
  const where = [periodLabel(impact.period), category].filter(Boolean).join(" ");
  return (
    <span className={`budget-impact${impact.over ? " budget-impact-over" : ""}`} data-testid="budget-impact">
      <span>{`Uses ${formatAmount(amount)} of ${formatAmount(Math.max(impact.remaining, 0))} left in ${where}`}</span>
      {impact.over ? <span className="badge badge-danger">{`Over budget by ${formatAmount(-impact.remaining_after)}`}</span> : null}
    </span>
  );
}
