import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useOpenerFocus } from "./opener-focus";

type Props = {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: "success" | "danger";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Escape and an outside click cancel, which Radix routes through onOpenChange(false). */
export function ConfirmDialog({ open, title, description, confirmLabel, tone = "success", busy, onConfirm, onCancel }: Props) {
  const returnFocus = useOpenerFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" role="alertdialog" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="dialog-description">{description}</Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className={`btn ${tone === "danger" ? "btn-solid-danger" : "btn-solid-success"}`} onClick={onConfirm} disabled={busy}>
              {busy ? "Saving…" : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
