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
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
