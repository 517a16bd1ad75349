import { EmptyState } from "./empty-state";

/**
 * A list table's one row when it has nothing to show: with filters on, says so and offers to reset them; without,
 * says the list is empty and how to fill it.
 */
export function ListEmptyRow({
  columns,
  filtered,
  onReset,
  noMatchTitle,
  emptyTitle,
  hint,
}: {
  columns: number;
  filtered: boolean;
  onReset: () => void;
  noMatchTitle: string;
  emptyTitle: string;
  hint: string;
}) {
  return (
    <tr>
      <td colSpan={columns}>
        {filtered ? (
          <EmptyState title={noMatchTitle}>
            <button type="button" className="btn btn-sm" onClick={onReset}>
              Reset filters
            </button>
          </EmptyState>
        ) : (
          <EmptyState title={emptyTitle}>
            <p className="subtle">{hint}</p>
          </EmptyState>
        )}
      </td>
    </tr>
  );
}
