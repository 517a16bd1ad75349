import type { Kysely } from "kysely";
import { normalizeRole, type Member, type User } from "@procure/contracts";
import type { Database, UsersRow } from "../tables.ts";

export const toUser = (row: Omit<UsersRow, "version">): User => ({
  id: row.id,
  email: row.email,
  role: normalizeRole(row.role),
  active: row.active,
  created_at: row.created_at,
});

export const toMember = (row: UsersRow): Member => ({ ...toUser(row), version: row.version });

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("rm_users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("rm_users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** `\`, `%` and `_` match themselves in a search, not as LIKE patterns. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every member, or those whose email contains `q`; active members first. */
export async function listUsers(db: Kysely<Database>, q?: string): Promise<Member[]> {
  let query = db.selectFrom("rm_users").selectAll();
  if (q) query = query.where("email", "ilike", `%${likeLiteral(q.toLowerCase())}%`);
  const rows = await query.orderBy("active", "desc").orderBy("created_at").orderBy("email").execute();
  return rows.map(toMember);
}
