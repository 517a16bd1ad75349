import type { ReactNode } from "react";

export const fieldId = (name: string) => `po-${name}`;
export const errorId = (name: string) => `po-${name}-error`;
export const hintId = (name: string) => `po-${name}-hint`;

type Props = { name: string; label: string; optional?: boolean; hint?: ReactNode; error?: string; wide?: boolean; children: ReactNode };

/**
 * A label, its control, a hint and an error. The label is tied by id rather than wrapped around the control, so the
 * control's name is the label alone; the hint and the error reach it through aria-describedby.
 */
export function FormField({ name, label, optional, hint, error, wide, children }: Props) {
  return (
    <div className={wide ? "field span-2" : "field"}>
      <label className="field-label" htmlFor={fieldId(name)}>
        {label}
        {optional ? <span className="subtle"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <span className="field-hint" id={hintId(name)}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={errorId(name)}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The control's side of the pairing: its id, validity and what describes it. */
export function controlProps(name: string, error: string | undefined, hasHint = false) {
  const describedBy = [error ? errorId(name) : null, hasHint ? hintId(name) : null].filter(Boolean).join(" ");
  return { id: fieldId(name), "aria-invalid": Boolean(error), "aria-describedby": describedBy || undefined };
}
