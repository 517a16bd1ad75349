import type { ReactNode } from "react";

type Control = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };
type Props = { form: string; name: string; label: string; optional?: boolean; hint?: string; error?: string; children: (control: Control) => ReactNode };

/** A labelled control whose hint and error are read out with it; the error replaces nothing, the hint stays. */
export function VendorField({ form, name, label, optional, hint, error, children }: Props) {
  const id = `${form}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional ? <span className="subtle"> (optional)</span> : null}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy || undefined })}
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
