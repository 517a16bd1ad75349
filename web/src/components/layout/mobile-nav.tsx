import type { ReactNode, RefObject } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import type { Role } from "@procure/contracts";
import { paths } from "@/config/paths";
import { Brand } from "./brand";
import { ShellSidebarNav } from "./shell-sidebar";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; role: Role; account: ReactNode; opener: RefObject<HTMLButtonElement | null> };

/** The phone's navigation drawer; its own chunk, fetched on the first open, since most visits never open it. */
export default function MobileNav({ open, onOpenChange, role, account, opener }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="shell-mobile-nav"
          // Escape in the account's open menu closes that menu only (Radix hears the key before the menu does).
          onEscapeKeyDown={(event) => {
            if (document.activeElement?.closest("[role=menu]")) event.preventDefault();
          }}
          // The menu button lives in the shell, outside this chunk, so the dialog is told where focus goes back.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="shell-mobile-nav-head">
            <Dialog.Title asChild>
              <span>
                <Brand to={paths.app.root.getHref()} />
              </span>
            </Dialog.Title>
            <Dialog.Description className="visually-hidden">Workspace navigation</Dialog.Description>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label="Close navigation">
                ✕
              </button>
            </Dialog.Close>
          </div>
          <ShellSidebarNav role={role} onNavigate={() => onOpenChange(false)} />
          <div className="shell-mobile-account">{account}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
