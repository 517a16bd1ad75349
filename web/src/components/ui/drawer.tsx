import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useOpenerFocus } from "./opener-focus";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** A toast's button (a decision's Undo) is used beside the drawer, not a click that dismisses it. */
const keepOpenForToasts = (event: { target: EventTarget | null; preventDefault: () => void }) => {
  if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) event.preventDefault();
};

/** A side sheet on Radix Dialog: focus is trapped, Escape and an outside click close it. */
export function Drawer({ open, onOpenChange, title, description, children, footer }: Props) {
  const returnFocus = useOpenerFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="drawer" onCloseAutoFocus={returnFocus} onInteractOutside={keepOpenForToasts}>
          <div className="drawer-header">
            <div style={{ minWidth: 0 }}>
              <Dialog.Title className="drawer-title">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="drawer-description">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="visually-hidden">Details</Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label="Close">
                ✕
              </button>
            </Dialog.Close>
          </div>
          <div className="drawer-body">{children}</div>
          {footer ? <div className="drawer-footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
