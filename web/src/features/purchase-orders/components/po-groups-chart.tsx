import { useId } from "react";
import { BarChart } from "@/components/ui/bar-chart";
import { formatCount, formatCurrency } from "@/lib/format";
import { groupBars, type PoFigures } from "../lib/po-figures";

/** Orders per status group as horizontal bars, with committed spend beside them. */
export function PoGroupsChart({ figures }: { figures: PoFigures }) {
  const id = useId();
  const bars = groupBars(figures);
  const summary = bars.map((b) => `${b.label} ${b.count}`).join(", ");
  return (
    <section className="card po-chart-card" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-title`}>
          Orders by group
        </h2>
      </div>
      <div className="card-body po-chart-body">
        <BarChart
          classPrefix="po-chart"
          caption="Purchase orders per status group"
          captionHidden
          title={`Purchase orders per group: ${summary}`}
          scale="largest"
          bars={bars.map((bar) => ({
            key: bar.key,
            label: bar.label,
            valueText: formatCount(bar.count),
            segments: [{ key: bar.key, value: bar.count, className: `po-fill-${bar.key}` }],
            cells: [bar.count],
          }))}
          table={{ caption: "Purchase orders per status group", columns: ["Group", "Orders"] }}
        />
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
