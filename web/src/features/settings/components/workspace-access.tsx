import { useDeferredValue, useState } from "react";
import { toast } from "sonner";
import type { Member, Role } from "@procure/contracts";
import { Notice } from "@/components/ui/notice";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-client";
import { useSession } from "@/lib/auth";
import { useUsers } from "../api/get-users";
import { useUpdateUser } from "../api/update-user";
import { useResetPassword } from "../api/reset-password";
import { UsersTable, type MemberActions } from "./users-table";
import { InviteUserDrawer } from "./invite-user-drawer";
import { TemporaryPassword } from "./temporary-password";
import { useDialogState } from "@/lib/use-dialog-state";

export const teammatesFailedMessage = "Unable to load teammates right now.";

type Asked = { kind: "toggle" | "reset"; user: Member } | { kind: "role"; user: Member; role: Role };

export function WorkspaceAccess({ canInvite }: { canInvite: boolean }) {
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const users = useUsers(q);
  const invite = useDialogState<true>();
  const { user: me } = useSession();
  const update = useUpdateUser();
  const reset = useResetPassword();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const count = users.data?.length;

  const failed = (error: unknown) => toast.error(errorMessage(error, "The change could not be saved."));
  const actions: MemberActions | undefined = canInvite
    ? {
        selfId: me?.id ?? null,
        busyId: update.isPending ? (update.variables?.id ?? null) : null,
        changeRole: (user: Member, role: Role) => setAsked({ kind: "role", user, role }),
        askToggleActive: (user) => setAsked({ kind: "toggle", user }),
        askResetPassword: (user) => setAsked({ kind: "reset", user }),
      }
    : undefined;

  const confirm = () => {
    if (!asked) return;
    const { user } = asked;
    if (asked.kind === "role") {
      const { role } = asked;
      update.mutate(
        { id: user.id, role, version: user.version },
        { onSuccess: () => toast.success(`${user.email} is now ${role}`), onError: failed, onSettled: () => setAsked(null) },
      );
      return;
    }
    if (asked.kind === "toggle") {
      update.mutate(
        { id: user.id, active: !user.active, version: user.version },
        {
          onSuccess: (changed) => toast.success(changed.active ? `${changed.email} can sign in again` : `${changed.email} is deactivated and signed out`),
          onError: failed,
          onSettled: () => setAsked(null),
        },
      );
      return;
    }
    reset.mutate(user.id, {
      onSuccess: ({ temporaryPassword }) => temporaryPassword && setShown({ email: user.email, password: temporaryPassword }),
      onError: failed,
      onSettled: () => setAsked(null),
    });
  };

  return (
    <section className="card" id="access" aria-labelledby="access-title">
      <div className="card-header">
        <div className="set-heading">
          <h2 id="access-title" className="card-title">
            Workspace access
          </h2>
          <p className="subtle">
            {count === undefined
              ? "Who can sign in to this workspace, and with which role."
              : q
                ? `${count} ${count === 1 ? "member matches" : "members match"} “${q}”.`
                : `${count} ${count === 1 ? "person" : "people"} in this workspace.`}
          </p>
        </div>
        {canInvite ? (
          <button type="button" className="btn btn-primary" onClick={() => invite.openWith(true)}>
            Invite user
          </button>
        ) : null}
      </div>
      <div className="card-body set-search">
        <input
          className="input"
          type="search"
          aria-label="Search members by email"
          placeholder="Search by email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={254}
        />
      </div>
      {shown ? (
        <div className="card-body stack">
          <TemporaryPassword email={shown.email} password={shown.password} />
          <p className="subtle">They choose a password of their own when they sign in with it.</p>
          <div>
            <button type="button" className="btn" onClick={() => setShown(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
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
        <UsersTable users={users.data ?? []} loading={users.isPending} actions={actions} searching={q !== ""} />
      )}
      {canInvite ? <InviteUserDrawer open={invite.isOpen} onOpenChange={(open) => (open ? undefined : invite.close())} /> : null}
      <ConfirmDialog
        open={asked !== null}
        {...(asked ? confirmation(asked) : closedConfirmation)}
        busy={update.isPending || reset.isPending}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </section>
  );
}

const closedConfirmation = { title: "", description: "", confirmLabel: "" };

/** What the dialog asks before an access change, naming the person and what they gain or lose. */
function confirmation(asked: Asked): { title: string; description: string; confirmLabel: string; tone: "success" | "danger" } {
  const { user } = asked;
  if (asked.kind === "role") {
    return {
      title: `Make ${user.email} ${asked.role}?`,
      description: `${user.email} goes from ${user.role} to ${asked.role}: their screens and what they may do change at once, and their open pages reload.`,
      confirmLabel: `Make ${asked.role}`,
      tone: "success",
    };
  }
  if (asked.kind === "reset") {
    return {
      title: "Reset password?",
      description: `${user.email} is signed out everywhere and gets a temporary password, shown to you once, to change at sign-in.`,
      confirmLabel: "Reset password",
      tone: "success",
    };
  }
  return user.active
    ? {
        title: "Deactivate member?",
        description: `${user.email} is signed out everywhere at once and cannot sign in until reactivated.`,
        confirmLabel: "Deactivate",
        tone: "danger",
      }
    : { title: "Reactivate member?", description: `${user.email} can sign in again with their password.`, confirmLabel: "Reactivate", tone: "success" };
}
