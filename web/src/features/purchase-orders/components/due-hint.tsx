import { orderDueHint } from "../lib/due-hint";

export function DueHintText({ status, expectedDate }: { status: string; expectedDate: string | null }) {
  const hint = orderDueHint(status, expectedDate);
  if (!hint) return null;
  return <span className={`po-due po-due-${hint.tone}`}>{hint.text}</span>;
}
