import { useId } from "react";
import "./list-tools.css";

type Props<T extends string> = { value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void; label?: string };

/** The sort as a menu: on phones, where a table's column headers are not shown, and for lists of cards. */
export function SortSelect<T extends string>({ value, options, onChange, label = "Sort" }: Props<T>) {
  const id = useId();
  return (
    <span className="list-sort-select">
      <label htmlFor={id} className="subtle">
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
