import { useEffect, useRef } from "react";

export type Shortcut = { key: string; description: string; run: () => void };

/** Typing in a field, or a key pressed with a modifier, is never a shortcut. */
export function isShortcutEvent(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable) return false;
  if (target.closest("[role=dialog], [role=alertdialog]")) return false;
  const tag = target.tagName;
  return tag !== "INPUT" && tag !== "TEXTAREA" && tag !== "SELECT";
}

/** Runs a screen's one-key shortcuts (`/`, `n`, `?`) while it is shown. */
export function useShortcuts(shortcuts: readonly Shortcut[]) {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutEvent(event)) return;
      const shortcut = latest.current.find((s) => s.key === event.key);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
