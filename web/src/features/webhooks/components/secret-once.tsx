import { Notice } from "@/components/ui/notice";
import { useCopyText } from "@/lib/use-copy-text";

/** A signing secret as the server gives it: once. It is never shown again, so it offers a copy right here. */
export function SecretOnce({ secret, note, onDone }: { secret: string; note: string; onDone: () => void }) {
  const { ref, copied, copy } = useCopyText(secret, "Signing secret");
  return (
    <Notice tone="warning" role="status">
      <p>{note} It will not be shown again.</p>
      <p className="row">
        <code ref={ref} data-testid="webhook-secret" className="webhooks-url">
          {secret}
        </code>
        <button type="button" className="btn" onClick={() => void copy()} aria-live="polite">
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Done
        </button>
      </p>
    </Notice>
  );
}
