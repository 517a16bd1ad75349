import { useId } from "react";
import { Notice } from "@/components/ui/notice";
import { useCopyText } from "@/lib/use-copy-text";

/** A password or secret straight from the server's answer, with a copy button; closing or reloading discards it. */
/** `what` names it in the copy messages ("Password" gives "Password copied"). */
export function ShownOnce({ label, value, what, testId = "shown-once" }: { label: string; value: string; what: string; testId?: string }) {
  const labelId = useId();
  const { ref, copied, copy } = useCopyText(value, what);
  return (
    <div className="stack set-secret" role="status">
      <p className="set-secret-label" id={labelId}>
        {label}
      </p>
      <div className="set-secret-row">
        <code ref={ref} className="set-secret-value" data-testid={testId} aria-labelledby={labelId}>
          {value}
        </code>
        <button type="button" className="btn" onClick={() => void copy()} aria-live="polite">
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <Notice tone="warning">This is the only time it is shown. Pass it on privately; it cannot be looked up later.</Notice>
    </div>
  );
}
