import { useMemo } from "react";
import type { User } from "@procure/contracts";
import { formatDate } from "@/lib/format";
import { TableSkeletonRows } from "@/components/ui/table-skeleton";
import { EmptyState } from "@/components/ui/empty-state";

const COLUMNS = 3;

const newestFirst = (users: readonly User[]) => [...users].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.email.localeCompare(b.email));

export function UsersTable({ users, loading }: { users: readonly User[]; loading: boolean }) {
  const rows = useMemo(() => newestFirst(users), [users]);
  return (
    <div className="table-wrap">
      <table className="table table-responsive set-table" aria-label="People with access">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <TableSkeletonRows rows={4} columns={COLUMNS} />
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS}>
                <EmptyState title="Nobody has access yet." />
              </td>
            </tr>
          ) : (
            rows.map((user) => (
              <tr key={user.id} data-testid="user-row">
                <td className="set-email">{user.email}</td>
                <td data-label="Role">
                  <span className={`badge badge-plain set-role set-role-${user.role}`}>{user.role}</span>
                </td>
                <td data-label="Added">{formatDate(user.created_at)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
