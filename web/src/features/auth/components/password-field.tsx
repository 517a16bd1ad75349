import { useId } from "react";

type PasswordFieldProps = {
  label: string;
  name: string;
  /** Tells password managers whether to fill a saved password or offer a new one. */
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field; an error takes its place and marks the field invalid. */
  hint?: string;
  error?: string;
  minLength?: number;
  autoFocus?: boolean;
};

/** The one password input of the sign-in, sign-up and change-password forms. */
export function PasswordField({ label, name, autoComplete, value, onChange, hint, error, minLength, autoFocus }: PasswordFieldProps) {
  const inputId = useId();
  const noteId = useId();
  const note = error ?? hint;
  // The note sits beside the label rather than in it, so the field's name stays its label alone.
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        minLength={minLength}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note ? (
        <span id={noteId} className={error ? "field-error" : "field-hint"}>
          {note}
        </span>
      ) : null}
    </div>
  );
}
