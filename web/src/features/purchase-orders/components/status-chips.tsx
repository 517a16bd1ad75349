import { statusFilters, statusLabels, type StatusFilter } from "../lib/order-filters";

type Props = { value: StatusFilter; onChange: (value: StatusFilter) => void };

export function StatusChips({ value, onChange }: Props) {
  return (
    <div className="chips" role="group" aria-label="Filter by status">
      {statusFilters.map((filter) => (
        <button key={filter} type="button" className="chip" aria-pressed={value === filter} onClick={() => onChange(filter)}>
          {statusLabels[filter]}
        </button>
      ))}
    </div>
  );
}
