/**
 * Why an action is disabled, shown beside it before anyone clicks; the disabled button names it through
 * `aria-describedby={id}`, so a screen reader hears the reason with the button.
 */
export function BlockedReason({ id, reason }: { id: string; reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p className="blocked-reason" id={id}>
      {reason}
    </p>
  );
}
