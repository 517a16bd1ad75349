import { sql, type Kysely, type Transaction } from "kysely";
import { lastAdminMessage, type Role } from "@procure/contracts";
import { conflict, userStreamId } from "@procure/domain";

/** A member's role and activity as a change leaves them. */
export type MemberChange = { userId: string; role: Role; active: boolean };

/** One key for every change of a role or of activity, so that they count admins one after another. */
const ROLE_CHANGES_LOCK = 7_400_250_001;

/**
 * Refuses a change that leaves the workspace without an active admin. It runs in the change's transaction, after
 * its events are appended, and counts from the log under a lock all such changes take: of two admins demoting or
 * deactivating each other at once, the second counts after the first committed, and is refused.
 *
 * `changes` count as made whether or not the log holds them yet, so a settings import's dry run, which appends
 * nothing, asks the same question outside any transaction and is refused the same way.
 */
export async function requireAnAdmin(db: Transaction<unknown> | Kysely<unknown>, changes: readonly MemberChange[] = []): Promise<void> {
  const changed = changes.map((change) => userStreamId(change.userId));
  const adminsChanged = changes.filter((change) => change.role === "admin" && change.active).length;
  await sql`select pg_advisory_xact_lock(${ROLE_CHANGES_LOCK}::bigint)`.execute(db);
  const { rows } = await sql<{ admins: number }>`select count(*)::int as admins from (
      select distinct on (stream_id) stream_id, data->>'role' as role from events
      where type in ('UserRegistered', 'UserRoleChanged')
      order by stream_id, stream_version desc
    ) as latest
    where role = 'admin' and stream_id <> all(${changed}::text[]) and not exists (
      select 1 from (
        select distinct on (stream_id) stream_id, type from events
        where type in ('UserDeactivated', 'UserReactivated')
        order by stream_id, stream_version desc
      ) as activity
      where activity.stream_id = latest.stream_id and activity.type = 'UserDeactivated'
    )`.execute(db);
  if ((rows[0]?.admins ?? 0) + adminsChanged === 0) throw conflict(lastAdminMessage);
}
