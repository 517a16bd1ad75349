import type { ReactNode } from "react";
import type { SortDirection } from "@procure/contracts";
import { ariaSort, nextSort } from "@/lib/list-sort";
import "./list-tools.css";

type Props<F extends string> = {
  field: F;
  sort: F | `-${F}`;
  onSort: (next: F | `-${F}`) => void;
  /** The direction a first click sorts in. */
  first?: SortDirection;
  className?: string;
  children: ReactNode;
};

/** A column header that sorts the list by its column; a second click reverses the order. */
export function SortHeader<F extends string>({ field, sort, onSort, first = "asc", className, children }: Props<F>) {
  const state = ariaSort(sort, field);
  return (
    <th scope="col" className={className} aria-sort={state}>
      <button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, field, first))}>
        {children}
        <span className={`sort-mark sort-${state}`} aria-hidden="true">
          {state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}
