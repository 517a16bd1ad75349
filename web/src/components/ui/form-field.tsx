import type { ReactNode } from "react";

type Props = {
  id: string;
  label: ReactNode;
  /** Said after the label in a lighter weight, such as "optional". */
  qualifier?: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
};

/**
 * The label is tied to the control by id rather than wrapped around it, so the control's name is the label alone;
 * the hint and the error reach it through aria-describedby (see fieldAria).
 */
export function FormField({ id, label, qualifier, hint, error, className = "", children }: Props) {
  return (
    <div className={`field ${className}`.trim()}>
      <label className="field-label" htmlFor={id}>
        {label}
        {qualifier ? (
          <>
            {" "}
            <span className="field-qualifier">({qualifier})</span>
          </>
        ) : null}
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

/** The control's side of the pairing: its id, validity and what describes it. */
export const fieldAria = (id: string, { hint, error }: { hint?: boolean; error?: string }) => ({
  id,
  "aria-invalid": Boolean(error),
  "aria-describedby": [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
});

/** One form's field ids, all under `prefix` so two forms never share one, and each control's aria props. */
export function formFieldIds<F extends string>(prefix: string, messageOf: (name: F) => string | undefined) {
  const idOf = (name: F) => `${prefix}-${name}`;
  const aria = (name: F, hint = false) => fieldAria(idOf(name), { hint, error: messageOf(name) });
  return { idOf, aria };
}
