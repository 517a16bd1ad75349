import { useCallback, useRef, type RefObject } from "react";

/**
 * The shared drawer has no trigger of its own, so Radix has nowhere to put focus when it closes. This remembers the
 * element that opened it and focuses it again afterwards, or the fallback when that element is gone (a deleted row).
 */
export function useReturnFocus(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  /** `openerGone`: the opener is about to disappear (its row was deleted), so go straight to the fallback. */
  const restore = useCallback(
    (openerGone = false) => {
      const remembered = openerGone ? null : opener.current;
      opener.current = null;
      setTimeout(() => {
        const target = remembered?.isConnected ? remembered : fallback?.current;
        target?.focus();
      }, 0);
    },
    [fallback],
  );
  return { remember, restore };
}
