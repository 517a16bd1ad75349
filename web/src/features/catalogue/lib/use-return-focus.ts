import { useCallback, useRef } from "react";

/**
 * Remembers what had focus when a dialog opened and puts focus back there after it closes; the shared drawer
 * has no trigger of its own to return to.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (target) setTimeout(() => target.isConnected && target.focus(), 0);
  }, []);
  return { remember, restore };
}
