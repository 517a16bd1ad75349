import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent, ReactNode } from "react";
import { useOpenerFocus } from "./opener-focus";

type Props = {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The server's refusal, shown in the dialog so the form can be corrected and sent again. */
  error?: string | null | undefined;
  busy?: boolean | undefined;
  confirmLabel: string;
  tone: "success" | "danger";
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * A question with a form in a modal (a decision's comment, a dispute's reason, a payment's reference). A click outside
 * does not dismiss: a quick second click on the list behind lands here harmlessly, and what was typed is never lost to
 * a stray click. Escape and Cancel close it, and focus goes back to what opened it.
 */
export function FormDialog({ open, title, description, error, busy, confirmLabel, tone, onSubmit, onCancel, children }: Props) {
  const returnFocus = useOpenerFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" role="alertdialog" onCloseAutoFocus={returnFocus} onPointerDownOutside={(event) => event.preventDefault()}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="dialog-description">{description}</Dialog.Description>
          <form className="stack" onSubmit={onSubmit} noValidate>
            {children}
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className={`btn ${tone === "danger" ? "btn-solid-danger" : "btn-solid-success"}`} disabled={busy}>
                {busy ? "Saving…" : confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
