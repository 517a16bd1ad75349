import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Notice } from "@/components/ui/notice";

/** Shown once, straight from the server's answer; closing the drawer or reloading discards it. */
export function TemporaryPassword({ email, password }: { email: string; password: string | null }) {
  const [copied, setCopied] = useState(false);
  const code = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!password) {
    return (
      <Notice tone="success" role="status">
        {email} signs in with the password you set. Ask them to keep it private.
      </Notice>
    );
  }

  const selectCode = () => {
    const node = code.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
      toast.success("Password copied");
    } catch {
      selectCode();
      toast.error("Copying is blocked here. The password is selected: press Ctrl+C or ⌘C.");
    }
  };

  return (
    <div className="stack set-secret" role="status">
      <p className="set-secret-label" id="temporary-password-label">
        Temporary password for {email}
      </p>
      <div className="set-secret-row">
        <code ref={code} className="set-secret-value" data-testid="temporary-password" aria-labelledby="temporary-password-label">
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
