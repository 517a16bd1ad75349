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
  const noteId = useId();
  const note = error ?? hint;
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
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
    </label>
  );
}
