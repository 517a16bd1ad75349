import { useState } from "react";
import { Notice } from "@/components/ui/notice";

/** A signing secret as the server gives it: once. It is never shown again, so it offers a copy right here. */
export function SecretOnce({ secret, note, onDone }: { secret: string; note: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Notice tone="warning" role="status">
      <p>{note} It will not be shown again.</p>
      <p className="row">
        <code data-testid="webhook-secret" className="webhooks-url">
          {secret}
        </code>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Done
        </button>
      </p>
    </Notice>
  );
}
