import { Notice } from "@/components/ui/notice";
import { useUsers } from "../api/get-users";
import { UsersTable } from "./users-table";
import { InviteUserDrawer } from "./invite-user-drawer";
import { useDialogState } from "../lib/use-dialog-state";

export const teammatesFailedMessage = "Unable to load teammates right now.";

export function WorkspaceAccess({ canInvite }: { canInvite: boolean }) {
  const users = useUsers();
  const invite = useDialogState<true>();
  const count = users.data?.length;

  return (
    <section className="card" id="access" aria-labelledby="access-title">
      <div className="card-header">
        <div className="set-heading">
          <h2 id="access-title" className="card-title">
            Workspace access
          </h2>
          <p className="subtle">
            {count === undefined ? "Who can sign in to this workspace, and with which role." : `${count} ${count === 1 ? "person" : "people"} can sign in.`}
          </p>
        </div>
        {canInvite ? (
          <button type="button" className="btn btn-primary" onClick={() => invite.openWith(true)}>
            Invite user
          </button>
        ) : null}
      </div>
      {users.isError ? (
        <div className="card-body">
          <Notice tone="error" role="alert">
            {teammatesFailedMessage}{" "}
            <button type="button" className="btn btn-sm" onClick={() => void users.refetch()}>
              Try again
            </button>
          </Notice>
        </div>
      ) : (
        <UsersTable users={users.data ?? []} loading={users.isPending} />
      )}
      {canInvite ? <InviteUserDrawer open={invite.isOpen} onOpenChange={(open) => (open ? undefined : invite.close())} /> : null}
    </section>
  );
}
