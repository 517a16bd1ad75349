import { useLayoutEffect, useRef } from "react";

/**
 * Dialogs here are opened by buttons that are not their Radix trigger, so on close Radix would leave focus on
 * <body>. This remembers what had focus when the dialog opened and returns focus there when it closes; a keyboard
 * user goes on from where they were.
 */
export function useOpenerFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    const active = document.activeElement;
    // The screen already chose where focus goes (its row was deleted, say): leave it there.
    if (active instanceof HTMLElement && active !== document.body && !active.closest("[role=dialog], [role=alertdialog]")) {
      event.preventDefault();
      return;
    }
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
