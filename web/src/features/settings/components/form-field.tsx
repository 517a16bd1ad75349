import type { ReactNode } from "react";

type Props = { id: string; label: ReactNode; hint?: ReactNode; error?: string; className?: string; children: ReactNode };

/** The label names the control alone; hint and error are tied to it by aria-describedby (see fieldAria). */
export function FormField({ id, label, hint, error, className = "", children }: Props) {
  return (
    <div className={`field ${className}`.trim()}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export const fieldAria = (id: string, { hint, error }: { hint?: boolean; error?: string }) => ({
  id,
  "aria-invalid": Boolean(error),
  "aria-describedby": [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
});
