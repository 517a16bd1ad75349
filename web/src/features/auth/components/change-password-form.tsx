import { useState, type FormEvent } from "react";
import { passwordMessage, passwordMinLength, passwordRuleHint, type AuthResponse } from "@procure/contracts";
import { Notice } from "@/components/ui/notice";
import { serverFieldError } from "@/lib/server-field-error";
import { useChangePassword } from "../api/change-password";
import { PasswordField } from "./password-field";

export const mismatchMessage = "The two passwords do not match.";

/** After signing in with a temporary password: nothing else opens until the user has chosen their own. */
export function ChangePasswordForm({
  email,
  token,
  temporaryPassword,
  onChanged,
  onCancel,
}: {
  email: string;
  token: string;
  temporaryPassword: string;
  onChanged: (answer: AuthResponse) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const mutation = useChangePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPasswordError(undefined);
    if (password.length < passwordMinLength) return setPasswordError(passwordMessage);
    if (password !== repeat) return setError(mismatchMessage);
    mutation.mutate(
      { token, currentPassword: temporaryPassword, newPassword: password },
      {
        onSuccess: onChanged,
        onError: (failed) => {
          // Too easy to guess: the server's hint goes by the field it is about.
          const { field, message } = serverFieldError(failed, ["newPassword"] as const, {}, "The password could not be changed. Try again.");
          if (field) setPasswordError(message);
          else setError(message);
        },
      },
    );
  };

  return (
    <div className="card auth-card">
      <div className="stack" style={{ gap: 6 }}>
        <h1>Choose a new password</h1>
        <p className="muted">{email} signed in with a temporary password. Choose one of your own to go on; the temporary one stops working.</p>
      </div>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          minLength={passwordMinLength}
          hint={passwordRuleHint}
          error={passwordError}
          autoFocus
        />
        <PasswordField label="Repeat the new password" name="repeat-password" autoComplete="new-password" value={repeat} onChange={setRepeat} />
        {error ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : "Save and continue"}
        </button>
        <button type="button" className="btn btn-block" onClick={onCancel}>
          Back to sign in
        </button>
      </form>
    </div>
  );
}
