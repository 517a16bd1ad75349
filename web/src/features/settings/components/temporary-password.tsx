import { Notice } from "@/components/ui/notice";
import { useCopyText } from "@/lib/use-copy-text";

/** Shown once, straight from the server's answer; closing the drawer or reloading discards it. */
export function TemporaryPassword({ email, password }: { email: string; password: string | null }) {
  // The member must replace it at first sign-in, so it is only good for getting them there.
  const { ref, copied, copy } = useCopyText(password ?? "", "Password");

  if (!password) {
    return (
      <Notice tone="success" role="status">
        {email} signs in with the password you set, then chooses one of their own.
      </Notice>
    );
  }

  return (
    <div className="stack set-secret" role="status">
      <p className="set-secret-label" id="temporary-password-label">
        Temporary password for {email}
      </p>
      <div className="set-secret-row">
        <code ref={ref} className="set-secret-value" data-testid="temporary-password" aria-labelledby="temporary-password-label">
          {password}
        </code>
        <button type="button" className="btn" onClick={() => void copy()} aria-live="polite">
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <Notice tone="warning">This is the only time it is shown. Pass it on privately; it cannot be looked up later.</Notice>
    </div>
  );
}
