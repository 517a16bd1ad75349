import { useState, type ReactNode } from "react";
import type { PurchaseRequest } from "@procure/contracts";
import { toast } from "sonner";
import { ShortcutsDialog } from "@/components/ui/shortcuts-dialog";
import { useShortcuts, type Shortcut } from "@/lib/use-shortcuts";
import type { Decision } from "@/lib/request-decision";

type Options = {
  rows: readonly PurchaseRequest[];
  /** Why the reader may not decide `request` now, or null when they may. */
  refusal: (request: PurchaseRequest) => string | null;
  onDecide: (request: PurchaseRequest, decision: Decision) => void;
};

const rowOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-request-id="${CSS.escape(id)}"]`);

/**
 * The queue worked from the keyboard: `j`/`k` move through the requests, `a` and `d` open the approve or deny
 * dialog for the one in hand, `?` lists the keys. The request in hand is the row that has focus, so a click or Tab
 * into a row makes it the one the keys act on.
 */
export function useQueueShortcuts({ rows, refusal, onDecide }: Options): { currentId: string | null; setCurrentId: (id: string) => void; help: ReactNode } {
  const [helpOpen, setHelpOpen] = useState(false);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const index = rows.findIndex((r) => r.id === currentId);

  const move = (by: 1 | -1) => {
    if (rows.length === 0) return;
    const next = rows[index === -1 ? (by === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + by))];
    if (!next) return;
    setCurrentId(next.id);
    rowOf(next.id)?.focus();
  };
  const decide = (decision: Decision) => {
    const request = rows[index];
    if (!request) return void toast.info("Choose a request first: j and k move through the queue.");
    const reason = refusal(request);
    if (reason) return void toast.error(reason);
    onDecide(request, decision);
  };

  const shortcuts: Shortcut[] = [
    { key: "j", description: "Next request", run: () => move(1) },
    { key: "k", description: "Previous request", run: () => move(-1) },
    { key: "a", description: "Approve the chosen request", run: () => decide("approve") },
    { key: "d", description: "Deny the chosen request", run: () => decide("deny") },
    { key: "?", description: "Show these shortcuts", run: () => setHelpOpen(true) },
  ];
  useShortcuts(shortcuts);
  return { currentId, setCurrentId, help: <ShortcutsDialog open={helpOpen} shortcuts={shortcuts} onOpenChange={setHelpOpen} /> };
}
