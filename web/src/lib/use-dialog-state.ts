import { useCallback, useState } from "react";

/** Which dialog is open, and for what. Focus goes back to the opener through the shared drawer itself. */
export function useDialogState<T>() {
  // The value outlives the close, so a closing dialog keeps its title and content until it is gone.
  const [state, setState] = useState<{ open: boolean; value: T | null }>({ open: false, value: null });
  const openWith = useCallback((next: T) => setState({ open: true, value: next }), []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { value: state.value, isOpen: state.open, openWith, close };
}
