import * as Dialog from "@radix-ui/react-dialog";
import type { Shortcut } from "@/lib/use-shortcuts";
import { useOpenerFocus } from "./opener-focus";
import "./list-tools.css";

type Props = { open: boolean; shortcuts: readonly Pick<Shortcut, "key" | "description">[]; onOpenChange: (open: boolean) => void };

/** The list `?` opens: every key this screen answers to. */
export function ShortcutsDialog({ open, shortcuts, onOpenChange }: Props) {
  const returnFocus = useOpenerFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="dialog-description">Keys this screen answers to while you are not typing in a field.</Dialog.Description>
          <dl className="shortcut-list">
            {shortcuts.map((s) => (
              <div key={s.key} className="shortcut-row">
                <dt>
                  <kbd>{s.key}</kbd>
                </dt>
                <dd>{s.description}</dd>
              </div>
            ))}
          </dl>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
