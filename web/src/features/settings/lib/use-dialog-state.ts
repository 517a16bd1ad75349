import { useCallback, useRef, useState } from "react";

/**
 * Which dialog is open (and for what), plus the control that opened it. The shared drawer is controlled and has no
 * trigger of its own, so on close focus is handed back here, after the dialog's own focus trap has let go.
 */
export function useDialogState<T>() {
  // The value outlives the close, so a closing dialog keeps its title and content until it is gone.
  const [state, setState] = useState<{ open: boolean; value: T | null }>({ open: false, value: null });
  const opener = useRef<HTMLElement | null>(null);

  const openWith = useCallback((next: T, trigger: EventTarget | null) => {
    opener.current = trigger instanceof HTMLElement ? trigger : null;
    setState({ open: true, value: next });
  }, []);

  const close = useCallback(() => {
    setState((current) => ({ ...current, open: false }));
    const target = opener.current;
    opener.current = null;
    if (target) setTimeout(() => target.isConnected && target.focus(), 0);
  }, []);

  return { value: state.value, isOpen: state.open, openWith, close };
}
