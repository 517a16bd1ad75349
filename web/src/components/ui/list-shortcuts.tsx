import { useState, type RefObject } from "react";
import { useShortcuts, type Shortcut } from "@/lib/use-shortcuts";
import { ShortcutsDialog } from "./shortcuts-dialog";

type Props = { searchRef: RefObject<HTMLInputElement | null>; onNew?: (() => void) | undefined; newLabel?: string };

/** A list screen's keys: `/` to search, `n` for a new record (where the viewer may create one), `?` for this list. */
export function ListShortcuts({ searchRef, onNew, newLabel = "New record" }: Props) {
  const [helpOpen, setHelpOpen] = useState(false);
  const shortcuts: Shortcut[] = [
    { key: "/", description: "Search this list", run: () => searchRef.current?.focus() },
    ...(onNew ? [{ key: "n", description: newLabel, run: onNew }] : []),
    { key: "?", description: "Show these shortcuts", run: () => setHelpOpen(true) },
  ];
  useShortcuts(shortcuts);
  return <ShortcutsDialog open={helpOpen} shortcuts={shortcuts} onOpenChange={setHelpOpen} />;
}
