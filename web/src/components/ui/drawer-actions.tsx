type Props = {
  /** The form the primary button submits, which sits in the drawer body rather than around the footer. */
  formId: string;
  submitLabel: string;
  onCancel: () => void;
  saving?: boolean;
  savingLabel?: string;
  /** Defaults to `saving`; a drawer that also deletes blocks both buttons while either runs. */
  disabled?: boolean;
  onDelete?: () => void;
  deleting?: boolean;
};

/** A drawer's footer row: Delete (when offered) set apart on the left, then Cancel and the form's submit button. */
export function DrawerActions({
  formId,
  submitLabel,
  onCancel,
  saving = false,
  savingLabel = "Saving…",
  disabled = saving,
  onDelete,
  deleting = false,
}: Props) {
  return (
    <>
      {onDelete ? (
        <button type="button" className="btn btn-danger drawer-delete" onClick={onDelete} disabled={disabled}>
          {deleting ? "Deleting…" : "Delete"}
        </button>
      ) : null}
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className="btn btn-primary" disabled={disabled}>
        {saving ? savingLabel : submitLabel}
      </button>
    </>
  );
}
