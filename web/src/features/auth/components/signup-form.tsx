import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { emailMessage, emailTakenMessage, passwordMessage, passwordMinLength, passwordRuleHint } from "@procure/contracts";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { serverFieldError } from "@/lib/server-field-error";
import { useSession } from "@/lib/auth";
import { Notice } from "@/components/ui/notice";
import { useSignup } from "../api/signup";
import { PasswordField } from "./password-field";

const signupFailedMessage = "Sign up failed. Please try again.";

type FieldErrors = { email?: string; password?: string };

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.includes("@")) errors.email = emailMessage;
  if (password.length < passwordMinLength) errors.password = passwordMessage;
  return errors;
}

export function SignupForm() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const mutation = useSignup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const errors = validate(email.trim(), password);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    // The signup form always asks for admin; the server decides whether to grant it.
    mutation.mutate(
      { email: email.trim(), password, role: "admin" },
      {
        onSuccess: ({ token, user }) => {
          signIn(token, user);
          navigate(paths.app.root.getHref(), { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) return setError(emailTakenMessage);
          // A password the server finds easy to guess comes back with the estimator's hint, shown by the field.
          const { field, message } = serverFieldError(err, ["email", "password"] as const);
          if (field) setFieldErrors({ [field]: message });
          else setError(signupFailedMessage);
        },
      },
    );
  };

  return (
    <div className="card auth-card">
      <div className="stack" style={{ gap: 6 }}>
        <h1>Create account</h1>
        <p className="muted">Set up your procurement workspace in under a minute.</p>
      </div>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field-label">Work email</span>
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? "signup-email-error" : undefined}
          />
          {fieldErrors.email ? (
            <span id="signup-email-error" className="field-error">
              {fieldErrors.email}
            </span>
          ) : null}
        </label>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          hint={passwordRuleHint}
          error={fieldErrors.password}
        />
        {error ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={mutation.isPending}>
          {mutation.isPending ? "Creating account…" : "Create account"}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to={paths.auth.login.getHref()}>Sign in</Link>
      </p>
    </div>
  );
}
