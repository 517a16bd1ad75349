import { can } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { WorkspaceAccess } from "./workspace-access";
import { ApprovalRules } from "./approval-rules";
import "../settings.css";

/** Workspace access is for admins only (the server refuses everyone else too); approval rules are for whoever gets here. */
export function SettingsPage() {
  const { role } = useSession();
  return (
    <div className="stack settings-page">
      {can(role, "users:read") ? <WorkspaceAccess canInvite={can(role, "users:write")} /> : null}
      <ApprovalRules canEdit={can(role, "rules:write")} />
    </div>
  );
}
