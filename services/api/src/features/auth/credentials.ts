import { sql, type Kysely, type Transaction } from "kysely";
import { GroupCommit } from "@procure/eventstore";
import type { Role } from "@procure/contracts";
import type { Database } from "@procure/projections";
import { isUuid } from "../../http/cursor.ts";

/** `role`: the role as last changed (null until the first change, when the users read model's role stands). */
type CredentialsTable = {
  user_id: string;
  email: string;
  password_hash: string;
  token_version: number;
  role: string | null;
  active: boolean;
  must_change_password: boolean;
  updated_at: string;
};
type AuthTables = Database & { credentials: CredentialsTable };
const auth = (db: Kysely<Database> | Transaction<unknown>) => db as unknown as Kysely<AuthTables>;

/** Written inside the append that registers the user, so the event and the password exist together or not at all. */
export const storeCredentials =
  (input: { userId: string; email: string; passwordHash: string; mustChangePassword?: boolean }) =>
  async (trx: Transaction<unknown>): Promise<void> => {
    await auth(trx)
      .insertInto("credentials")
      .values({
        user_id: input.userId,
        email: input.email.trim().toLowerCase(),
        password_hash: input.passwordHash,
        token_version: 0,
        active: true,
        must_change_password: input.mustChangePassword ?? false,
        updated_at: new Date().toISOString(),
      })
      .execute();
  };

/**
 * Written inside the append of a deactivation or reactivation. Deactivating also moves the token version, as a
 * logout does, so every session ends with the commit.
 */
export const storeActive =
  (userId: string, active: boolean) =>
  async (trx: Transaction<unknown>): Promise<void> => {
    await auth(trx)
      .updateTable("credentials")
      .set((eb) => ({
        active,
        token_version: active ? eb.ref("token_version") : eb("token_version", "+", 1),
        updated_at: new Date().toISOString(),
      }))
      .where("user_id", "=", userId)
      .execute();
  };

/**
 * Written inside the append of a reset (temporary: the user must change it, and earlier sessions end) or of the
 * user's own change (which keeps the session that made it).
 */
export const storePassword =
  (userId: string, passwordHash: string, temporary: boolean) =>
  async (trx: Transaction<unknown>): Promise<void> => {
    await auth(trx)
      .updateTable("credentials")
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: temporary,
        token_version: temporary ? eb("token_version", "+", 1) : eb.ref("token_version"),
        updated_at: new Date().toISOString(),
      }))
      .where("user_id", "=", userId)
      .execute();
  };

export async function findPasswordHash(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await auth(db).selectFrom("credentials").select("password_hash").where("user_id", "=", userId).executeTakeFirst();
  return row?.password_hash;
}

/** Written inside the append of the role change, so the new role holds for every request from its commit. */
export const storeRole =
  (userId: string, role: Role) =>
  async (trx: Transaction<unknown>): Promise<void> => {
    await auth(trx).updateTable("credentials").set({ role, updated_at: new Date().toISOString() }).where("user_id", "=", userId).execute();
  };

/** The role to go by: the credentials' once it was changed, else the registration's as the users read model has it. */
const currentRole = sql<string | null>`coalesce(c.role, u.role)`.as("role");

/**
 * What login checks: the password hash and, from the users read model, the account as others see it (absent for
 * a moment after the registration, when the read model trails the log).
 */
export async function findLogin(db: Kysely<Database>, email: string) {
  return auth(db)
    .selectFrom("credentials as c")
    .leftJoin("rm_users as u", "u.id", "c.user_id")
    .select(["c.user_id", "u.email", currentRole, "u.created_at", "c.password_hash", "c.token_version", "c.active", "c.must_change_password"])
    .where("c.email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * What each authenticated request checks: the account still exists and is active, the token's version is current (logout bumps
 * it), and the role it holds now (`currentRole`). The read model may trail a registration by a moment; the role
 * the token was just signed with stands in until it arrives.
 *
 * Requests arriving together share one statement: while two are under way, the users asked for meanwhile go
 * together in the next. Each statement starts after every request it answers arrived, so a logout or a demotion
 * committed before a request came in is always seen, as with a statement of its own.
 */
export function sessionLookups(db: Kysely<Database>): (userId: string) => Promise<Session | undefined> {
  const lookups = new GroupCommit<string, Session | undefined>({
    run: (userIds) => findSessions(db, userIds),
    lanes: 2,
    maxItems: 64,
    oneFailedForAll: () => false,
  });
  // An id that is no uuid names no account; sent along, it would fail the statement the other requests share.
  return (userId) => (isUuid(userId) ? lookups.submit(userId, []) : Promise.resolve(undefined));
}

type Session = { token_version: number; role: string | null; email: string | null; must_change_password: boolean };

async function findSessions(db: Kysely<Database>, userIds: readonly string[]): Promise<(Session | undefined)[]> {
  const rows = await auth(db)
    .selectFrom("credentials as c")
    .leftJoin("rm_users as u", "u.id", "c.user_id")
    .select(["c.user_id", "c.token_version", currentRole, "u.email", "c.must_change_password"])
    // One array parameter: one statement text, prepared once, whatever the number of users.
    .where(sql<boolean>`c.user_id = any(${[...new Set(userIds)]}::uuid[])`)
    // A deactivated account has no session, whatever token it shows.
    .where("c.active", "=", true)
    .execute();
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return userIds.map((userId) => byUser.get(userId));
}

/** Ends every session of the user: tokens carry the version they were signed with. */
export async function revokeSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await auth(db)
    .updateTable("credentials")
    .set((eb) => ({ token_version: eb("token_version", "+", 1), updated_at: new Date().toISOString() }))
    .where("user_id", "=", userId)
    .execute();
}
