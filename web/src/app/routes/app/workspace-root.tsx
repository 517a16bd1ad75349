import { AppShell } from "@/components/layout/app-shell";
import { InboxDropdown } from "@/features/inbox/components/inbox-dropdown";
import { SessionGuard } from "@/app/guards/session-guard";

export function WorkspaceRoot() {
  return (
    <SessionGuard>
      <AppShell inbox={<InboxDropdown />} />
    </SessionGuard>
  );
}
