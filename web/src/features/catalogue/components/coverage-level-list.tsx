import type { OverviewCategory } from "@procure/contracts";

const labels = { full: "Full", partial: "Partial", none: "None" } as const;

export function CoverageLevelList({ coverage }: { coverage: OverviewCategory["coverage"] }) {
  if (coverage.length === 0) return <p className="cat-note">No business unit coverage recorded.</p>;
  return (
    <ul className="cat-levels" aria-label="Coverage by business unit">
      {coverage.map((c) => (
        <li key={c.businessUnit} className={`cat-level cat-level-${c.level}`}>
          <span>{c.businessUnit}</span>
          <strong>{labels[c.level]}</strong>
        </li>
      ))}
    </ul>
  );
}
