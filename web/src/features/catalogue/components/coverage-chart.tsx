import type { CatalogueOverview } from "@procure/contracts";
import { BarChart } from "@/components/ui/bar-chart";

type Row = CatalogueOverview["analytics"]["businessUnitCoverage"][number];

const segments = [
  { key: "full", label: "Full" },
  { key: "partial", label: "Partial" },
  { key: "none", label: "None" },
] as const;

/** Stacked bars of category coverage per business unit. */
export function CoverageChart({ rows }: { rows: readonly Row[] }) {
  if (rows.length === 0) return <p className="cat-note">No business unit coverage recorded yet.</p>;
  const summary = rows.map((r) => `${r.businessUnit} ${r.fullPercent}% full`).join(", ");
  return (
    <BarChart
      classPrefix="cat-chart"
      caption="Categories by coverage level, per business unit"
      title={`Coverage by business unit: ${summary}`}
      legend={
        <ul className="cat-legend" aria-hidden="true">
          {segments.map((s) => (
            <li key={s.key}>
              <span className={`cat-swatch cat-fill-${s.key}`} />
              {s.label}
            </li>
          ))}
        </ul>
      }
      scale="whole"
      rowHeight={46}
      barHeight={14}
      bars={rows.map((row) => ({
        key: row.businessUnit,
        label: row.businessUnit,
        valueText: `${row.fullPercent}% full`,
        segments: segments.map((s) => ({ key: s.key, value: row[s.key], className: `cat-fill-${s.key}` })),
        cells: [row.full, row.partial, row.none, `${row.fullPercent}%`],
      }))}
      table={{ caption: "Categories at each coverage level, per business unit", columns: ["Business unit", "Full", "Partial", "None", "Share full"] }}
    />
  );
}
