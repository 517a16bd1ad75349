import { useId } from "react";
import type { CatalogueOverview } from "@procure/contracts";

type Row = CatalogueOverview["analytics"]["businessUnitCoverage"][number];

const ROW_HEIGHT = 46;
const BAR_HEIGHT = 14;
const segments = [
  { key: "full", label: "Full" },
  { key: "partial", label: "Partial" },
  { key: "none", label: "None" },
] as const;

const pct = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/**
 * Stacked bars of category coverage per business unit. Widths are percentages, so the chart reflows with its
 * card instead of scaling its text; the table beside it is what screen readers read.
 */
export function CoverageChart({ rows }: { rows: readonly Row[] }) {
  const titleId = useId();
  if (rows.length === 0) return <p className="cat-note">No business unit coverage recorded yet.</p>;
  const summary = rows.map((r) => `${r.businessUnit} ${r.fullPercent}% full`).join(", ");
  return (
    <figure className="cat-chart">
      <figcaption id={titleId} className="cat-chart-caption">
        Categories by coverage level, per business unit
      </figcaption>
      <ul className="cat-legend" aria-hidden="true">
        {segments.map((s) => (
          <li key={s.key}>
            <span className={`cat-swatch cat-fill-${s.key}`} />
            {s.label}
          </li>
        ))}
      </ul>
      <svg className="cat-chart-svg" width="100%" height={rows.length * ROW_HEIGHT} role="img" aria-labelledby={titleId} aria-describedby={`${titleId}-table`}>
        <title>{`Coverage by business unit: ${summary}`}</title>
        {rows.map((row, i) => {
          const total = row.full + row.partial + row.none;
          const y = i * ROW_HEIGHT;
          let x = 0;
          return (
            <g key={row.businessUnit}>
              <text x="0" y={y + 14} className="cat-chart-label">
                {row.businessUnit}
              </text>
              <text x="100%" y={y + 14} textAnchor="end" className="cat-chart-value">
                {`${row.fullPercent}% full`}
              </text>
              <rect x="0" y={y + 22} width="100%" height={BAR_HEIGHT} rx="4" className="cat-chart-track" />
              {segments.map((s) => {
                const width = pct(row[s.key], total);
                const rect = width > 0 ? <rect key={s.key} x={`${x}%`} y={y + 22} width={`${width}%`} height={BAR_HEIGHT} className={`cat-fill-${s.key}`} /> : null;
                x += width;
                return rect;
              })}
            </g>
          );
        })}
      </svg>
      {/* Hidden by its wrapper: a table ignores the 1px box and would widen the page on small screens. */}
      <div className="visually-hidden">
        <table id={`${titleId}-table`}>
          <caption>Categories at each coverage level, per business unit</caption>
          <thead>
            <tr>
              <th scope="col">Business unit</th>
              <th scope="col">Full</th>
              <th scope="col">Partial</th>
              <th scope="col">None</th>
              <th scope="col">Share full</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.businessUnit}>
                <th scope="row">{row.businessUnit}</th>
                <td>{row.full}</td>
                <td>{row.partial}</td>
                <td>{row.none}</td>
                <td>{`${row.fullPercent}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
