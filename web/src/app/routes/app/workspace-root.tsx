import { AppShell } from "@/components/layout/app-shell";
import { InboxDropdown } from "@/features/inbox/components/inbox-dropdown";
import { EmailPreferenceChoice } from "@/features/notifications/components/notification-preferences";
import { DelegationSettings } from "@/features/delegation/components/delegation-settings";
import { can } from "@procure/contracts";
import { SessionGuard } from "@/app/guards/session-guard";
import { useSession } from "@/lib/auth";
import { useLiveInvalidation } from "@/lib/live";
import { usePreloadSections } from "./use-preload-sections";

/** The signed-in workspace: loaded as its own chunk, so the public pages never download the shell. */
export function Component() {
  return (
    <SessionGuard>
      <Workspace />
    </SessionGuard>
  );
}

/** Inside the session guard, so the live socket and the preloads start only for a signed-in user. */
function Workspace() {
  const { role, token, refreshUser } = useSession();
  usePreloadSections(role);
  // A new role changes what the shell offers: the user is read again as the socket reconnects.
  useLiveInvalidation(token, refreshUser);
  const notifications = (
    <div className="stack" style={{ gap: 24 }}>
      <EmailPreferenceChoice />
      {can(role, "requests:decide") ? <DelegationSettings /> : null}
    </div>
  );
  return <AppShell inbox={<InboxDropdown />} notifications={notifications} />;
}
