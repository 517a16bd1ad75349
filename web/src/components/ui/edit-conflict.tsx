import { useEffect, useRef } from "react";
import type { EditConflict } from "@/lib/use-edit-conflict";
import { formatRecency } from "@/lib/format";
import { Notice } from "./notice";

type Props = {
  conflict: EditConflict<unknown> | null;
  /** What the form edits, in a sentence: "order", "vendor". */
  what: string;
  onReload: () => void;
};

const listed = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/**
 * Says that the record changed after the form was opened, by whom, when and in which fields, while the form keeps
 * what was typed; "Reload" takes the record as it is now.
 */
export function EditConflictNotice({ conflict, what, onReload }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // A long form may be scrolled away from where the notice appears: it is brought into view once.
  useEffect(() => {
    // Not every environment scrolls (a test DOM has no layout).
    if (conflict) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [conflict]);
  if (!conflict) return null;
  const who = conflict.changedBy.length > 0 ? listed(conflict.changedBy) : "Someone";
  const when = conflict.changedAt
    ? ` (${formatRecency(conflict.changedAt)
        .replace(/^Today at /, "today at ")
        .replace(/^Yesterday at /, "yesterday at ")})`
    : "";
  return (
    <div className="span-2 edit-conflict" ref={ref}>
      <Notice tone="warning" role="alert">
        <p className="edit-conflict-title">
          {who} changed this {what} after you opened it{when}.
        </p>
        <p>
          {conflict.changedFields.length > 0
            ? `Changed since you opened it: ${listed(conflict.changedFields)}.`
            : `None of the fields here changed, but the ${what} did.`}{" "}
          Your changes were not saved and are still in the form. Reload to see the {what} as it is now, then make your changes again.
        </p>
        <button type="button" className="btn btn-sm" onClick={onReload}>
          Reload
        </button>
      </Notice>
    </div>
  );
}
