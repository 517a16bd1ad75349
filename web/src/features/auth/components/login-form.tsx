import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { demoPassword, errorCodes, loginFailedMessage, sampleAccounts, type AuthResponse } from "@procure/contracts";
import { paths, safeRedirect } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { Notice } from "@/components/ui/notice";
import { ApiError } from "@/lib/api-client";
import { useLogin } from "../api/login";
import { ChangePasswordForm } from "./change-password-form";
import { PasswordField } from "./password-field";

export const passwordChangedMessage = "Your new password is set";

/** Said once the workspace opens; the toast library loads with it, never on the public pages. */
const sayPasswordChanged = (email: string) =>
  void import("sonner").then(({ toast }) => toast.success(passwordChangedMessage, { description: `You are signed in as ${email}.` }));

/** A deactivated account is told so (the server says it only to someone who knew the password); the rest fail alike. */
const signInError = (error: unknown) => (error instanceof ApiError && error.code === errorCodes.accountDeactivated ? error.message : loginFailedMessage);

function prefilledEmail(state: unknown): string {
  if (state && typeof state === "object" && "email" in state && typeof state.email === "string") return state.email;
  return "";
}

export function LoginForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn } = useSession();
  // An invitation mail links here with the invited address (`?email=`).
  const [email, setEmail] = useState(() => prefilledEmail(location.state) || (params.get("email") ?? ""));
  const [password, setPassword] = useState(() => (prefilledEmail(location.state) ? demoPassword : ""));
  const [error, setError] = useState<string | null>(null);
  const mutation = useLogin();
  const redirectTo = params.get("redirectTo");
  const [mustChange, setMustChange] = useState<AuthResponse | null>(null);

  const enter = ({ token, user }: AuthResponse) => {
    signIn(token, user);
    navigate(safeRedirect(redirectTo), { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    mutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => (answer.mustChangePassword ? setMustChange(answer) : enter(answer)),
        onError: (failed) => setError(signInError(failed)),
      },
    );
  };

  const fillSample = (sampleEmail: string) => {
    setEmail(sampleEmail);
    setPassword(demoPassword);
    setError(null);
  };

  if (mustChange) {
    return (
      <ChangePasswordForm
        email={mustChange.user.email}
        token={mustChange.token}
        temporaryPassword={password}
        onChanged={(answer) => {
          enter(answer);
          sayPasswordChanged(answer.user.email);
        }}
        onCancel={() => {
          setMustChange(null);
          setPassword("");
        }}
      />
    );
  }

  return (
    <div className="card auth-card">
      <div className="stack" style={{ gap: 6 }}>
        <h1>Sign in</h1>
        <p className="muted">Welcome back. Sign in to your procurement workspace.</p>
      </div>
      <form className="stack" onSubmit={onSubmit}>
        <label className="field">
          <span className="field-label">Email</span>
          <input className="input" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        {error ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={mutation.isPending}>
          {mutation.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <details className="demo-hint">
        <summary>Use a sample account</summary>
        <ul>
          {sampleAccounts.map((account) => (
            <li key={account.email}>
              <button type="button" className="btn btn-sm" onClick={() => fillSample(account.email)}>
                <span>{account.label}</span>
                <span className="subtle mono">{account.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </details>
      <p className="auth-switch">
        New here? <Link to={paths.auth.signup.getHref()}>Create account</Link>
      </p>
    </div>
  );
}
