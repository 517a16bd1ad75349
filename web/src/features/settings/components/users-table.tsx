import { useMemo } from "react";
import { roles, type Member, type Role } from "@procure/contracts";
import { formatDate } from "@/lib/format";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { EmptyState } from "@/components/ui/empty-state";

/** What an admin can do from a member's row; absent, the list is read-only. */
export type MemberActions = {
  selfId: string | null;
  busyId: string | null;
  changeRole: (user: Member, role: Role) => void;
  askToggleActive: (user: Member) => void;
  askResetPassword: (user: Member) => void;
};

const newestFirst = (users: readonly Member[]) =>
  [...users].sort((a, b) => Number(b.active) - Number(a.active) || b.created_at.localeCompare(a.created_at) || a.email.localeCompare(b.email));

export function UsersTable({
  users,
  loading,
  actions,
  searching,
}: {
  users: readonly Member[];
  loading: boolean;
  actions?: MemberActions;
  searching?: boolean;
}) {
  const rows = useMemo(() => newestFirst(users), [users]);
  const columns = actions ? 5 : 4;
  return (
    <div className="table-wrap">
      <table className="table table-responsive set-table" aria-label="People with access">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Added</th>
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <TableSkeletonRows rows={4} columns={columns} />
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns}>
                <EmptyState title={searching ? "Nobody matches that search." : "Nobody has access yet."} />
              </td>
            </tr>
          ) : (
            rows.map((user) => (
              <tr key={user.id} data-testid="user-row" className={user.active ? undefined : "set-inactive"}>
                <td className="set-email">{user.email}</td>
                <td data-label="Role">
                  {actions ? (
                    <select
                      className="input set-role-select"
                      aria-label={`Role of ${user.email}`}
                      value={user.role}
                      disabled={actions.busyId === user.id}
                      onChange={(event) => actions.changeRole(user, event.target.value as Role)}
                    >
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className={`badge badge-plain set-role set-role-${user.role}`}>{user.role}</span>
                  )}
                </td>
                <td data-label="Status">
                  <span className={`badge ${user.active ? "badge-plain" : "set-deactivated"}`}>{user.active ? "Active" : "Deactivated"}</span>
                </td>
                <td data-label="Added">{formatDate(user.created_at)}</td>
                {actions ? (
                  <td data-label="Actions">
                    <div className="set-actions">
                      <button type="button" className="btn btn-sm" disabled={actions.busyId === user.id} onClick={() => actions.askResetPassword(user)}>
                        Reset password<span className="visually-hidden"> for {user.email}</span>
                      </button>
                      {user.id === actions.selfId ? null : (
                        <button
                          type="button"
                          className={`btn btn-sm ${user.active ? "btn-danger" : ""}`}
                          disabled={actions.busyId === user.id}
                          onClick={() => actions.askToggleActive(user)}
                        >
                          {user.active ? "Deactivate" : "Reactivate"}
                          <span className="visually-hidden"> {user.email}</span>
                        </button>
                      )}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
