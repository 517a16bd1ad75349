import { statusFilterLabels, statusFilters, type StatusFilter } from "../lib/request-stats";

type Props = { value: StatusFilter; counts: Record<StatusFilter, number>; onChange: (value: StatusFilter) => void };

export function StatusChips({ value, counts, onChange }: Props) {
  return (
    <div className="chips" role="group" aria-label="Filter by status">
      {statusFilters.map((filter) => (
        <button key={filter} type="button" className="chip" aria-pressed={value === filter} onClick={() => onChange(filter)}>
          {statusFilterLabels[filter]}
          <span className="chip-count">{counts[filter]}</span>
        </button>
      ))}
    </div>
  );
}
