import { useId, type ReactNode } from "react";

export type BarSegment = { key: string; value: number; className: string };

export type ChartBar = {
  key: string;
  label: string;
  /** The figure printed at the bar's right end. */
  valueText: string;
  /** One segment for a plain bar, several for a stacked one, drawn left to right. */
  segments: readonly BarSegment[];
  /** The bar's row in the screen reader table, after its label. */
  cells: readonly ReactNode[];
};

type Props = {
  /** Prefix of the class hooks: `${classPrefix}`, `-svg`, `-label`, `-value`, `-track` and `-caption`. */
  classPrefix: string;
  caption: string;
  captionHidden?: boolean;
  /** The SVG's own title: a one-line summary of every bar. */
  title: string;
  legend?: ReactNode;
  bars: readonly ChartBar[];
  /** "largest": bars are measured against the longest one. "whole": every bar spans the track, its segments are shares. */
  scale: "largest" | "whole";
  table: { caption: string; columns: readonly string[] };
  rowHeight?: number;
  barHeight?: number;
};

const sum = (bar: ChartBar) => bar.segments.reduce((total, s) => total + s.value, 0);

/**
 * Labelled horizontal bars. Widths are percentages, so the chart reflows with its card instead of scaling its text;
 * the hidden table is what screen readers read.
 */
export function BarChart({ classPrefix, caption, captionHidden, title, legend, bars, scale, table, rowHeight = 44, barHeight = 12 }: Props) {
  const id = useId();
  const longest = Math.max(1, ...bars.map(sum));
  return (
    <figure className={classPrefix}>
      <figcaption id={`${id}-caption`} className={captionHidden ? "visually-hidden" : `${classPrefix}-caption`}>
        {caption}
      </figcaption>
      {legend}
      <svg
        className={`${classPrefix}-svg`}
        width="100%"
        height={bars.length * rowHeight}
        role="img"
        aria-labelledby={`${id}-caption`}
        aria-describedby={`${id}-table`}
      >
        <title>{title}</title>
        {bars.map((bar, i) => {
          const y = i * rowHeight;
          const whole = scale === "largest" ? longest : sum(bar);
          let x = 0;
          return (
            <g key={bar.key}>
              <text x="0" y={y + 14} className={`${classPrefix}-label`}>
                {bar.label}
              </text>
              <text x="100%" y={y + 14} textAnchor="end" className={`${classPrefix}-value`}>
                {bar.valueText}
              </text>
              <rect x="0" y={y + 22} width="100%" height={barHeight} rx="4" className={`${classPrefix}-track`} />
              {bar.segments.map((segment) => {
                const width = whole > 0 ? (segment.value / whole) * 100 : 0;
                const start = x;
                x += width;
                if (width <= 0) return null;
                // A lone fill keeps the track's rounded ends; stacked segments meet square.
                const rx = bar.segments.length === 1 ? 4 : undefined;
                return <rect key={segment.key} x={`${start}%`} y={y + 22} width={`${width}%`} height={barHeight} rx={rx} className={segment.className} />;
              })}
            </g>
          );
        })}
      </svg>
      {/* A table ignores a 1px box and would widen small screens, so its wrapper is what is hidden. */}
      <div className="visually-hidden">
        <table id={`${id}-table`}>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                {bar.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
