import { useId } from "react";
import { formatCount, formatCurrency } from "@/lib/format";
import { groupBars, type PoFigures } from "../lib/po-figures";

const ROW_HEIGHT = 44;
const BAR_HEIGHT = 12;

/**
 * Orders per status group as horizontal bars, with committed spend beside them. Widths are percentages so the chart
 * reflows with its card; the hidden table is what screen readers read.
 */
export function PoGroupsChart({ figures }: { figures: PoFigures }) {
  const id = useId();
  const bars = groupBars(figures);
  const max = Math.max(1, ...bars.map((b) => b.count));
  const summary = bars.map((b) => `${b.label} ${b.count}`).join(", ");
  return (
    <section className="card po-chart-card" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-title`}>
          Orders by group
        </h2>
      </div>
      <div className="card-body po-chart-body">
        <figure className="po-chart">
          <figcaption className="visually-hidden" id={`${id}-caption`}>
            Purchase orders per status group
          </figcaption>
          <svg className="po-chart-svg" width="100%" height={bars.length * ROW_HEIGHT} role="img" aria-labelledby={`${id}-caption`} aria-describedby={`${id}-table`}>
            <title>{`Purchase orders per group: ${summary}`}</title>
            {bars.map((bar, i) => {
              const y = i * ROW_HEIGHT;
              return (
                <g key={bar.key}>
                  <text x="0" y={y + 14} className="po-chart-label">
                    {bar.label}
                  </text>
                  <text x="100%" y={y + 14} textAnchor="end" className="po-chart-value">
                    {formatCount(bar.count)}
                  </text>
                  <rect x="0" y={y + 22} width="100%" height={BAR_HEIGHT} rx="4" className="po-chart-track" />
                  {bar.count > 0 ? (
                    <rect x="0" y={y + 22} width={`${(bar.count / max) * 100}%`} height={BAR_HEIGHT} rx="4" className={`po-fill-${bar.key}`} />
                  ) : null}
                </g>
              );
            })}
          </svg>
          {/* A table ignores a 1px box and would widen small screens, so its wrapper is what is hidden. */}
          <div className="visually-hidden">
            <table id={`${id}-table`}>
              <caption>Purchase orders per status group</caption>
              <thead>
                <tr>
                  <th scope="col">Group</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((bar) => (
                  <tr key={bar.key}>
                    <th scope="row">{bar.label}</th>
                    <td>{bar.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
        <dl className="po-chart-facts">
          <div>
            <dt>Committed spend</dt>
            <dd>{formatCurrency(figures.committedSpend)}</dd>
          </div>
          <div>
            <dt>Due in the next 7 days</dt>
            <dd>{formatCount(figures.dueNext7Days)}</dd>
          </div>
          <div>
            <dt>Past due</dt>
            <dd>{formatCount(figures.overdue)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
