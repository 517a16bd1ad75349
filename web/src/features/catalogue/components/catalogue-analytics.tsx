import { useId } from "react";
import type { CatalogueOverview } from "@procure/contracts";
import { formatRate } from "../lib/rate";
import { CoverageChart } from "./coverage-chart";

type Props = { overview: CatalogueOverview };

function averageRate(connections: CatalogueOverview["punchoutConnections"]): number | null {
  const rates = connections.map((c) => c.cartSuccessRate).filter((r): r is number => r !== null);
  return rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null;
}

export function CatalogueAnalytics({ overview }: Props) {
  const titleId = useId();
  const { analytics, summary, punchoutConnections } = overview;
  const cadence = analytics.reviewCadenceDays;
  const stats = [
    {
      label: "Coverage score average",
      value: `${Math.round(analytics.coverageScoreAverage)} / 100`,
      hint: `${analytics.unitsWithGaps} business units with gaps`,
    },
    { label: "Feed refresh cadence", value: cadence > 0 ? `Every ${cadence} day${cadence === 1 ? "" : "s"}` : "—", hint: "Average across vendor feeds" },
    { label: "Variance alerts", value: String(analytics.priceVarianceAlerts), hint: "Price changes beyond tolerance" },
    {
      label: "Connectors healthy",
      value: `${Math.round(summary.punchoutHealth)}%`,
      hint: `${analytics.connectorsNeedingAttention} need attention · carts ${formatRate(averageRate(punchoutConnections))} successful`,
    },
  ];
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <h2 className="card-title" id={titleId}>
          Analytics
        </h2>
      </div>
      <div className="card-body cat-analytics">
        <div>
          <h3 className="cat-subheading">Business unit coverage</h3>
          <CoverageChart rows={analytics.businessUnitCoverage} />
        </div>
        <dl className="cat-stats">
          {stats.map((s) => (
            <div key={s.label} className="cat-stat">
              <dt>{s.label}</dt>
              <dd className="cat-stat-value">{s.value}</dd>
              <dd className="cat-stat-hint">{s.hint}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
