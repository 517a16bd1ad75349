import type { Kysely } from "kysely";
import { normalizeRole, type User } from "@procure/contracts";
import type { Database, UsersRow } from "../tables.ts";

export const toUser = (row: UsersRow): User => ({ id: row.id, email: row.email, role: normalizeRole(row.role), created_at: row.created_at });

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("rm_users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("rm_users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listUsers(db: Kysely<Database>): Promise<User[]> {
  const rows = await db.selectFrom("rm_users").selectAll().orderBy("created_at").orderBy("email").execute();
  return rows.map(toUser);
}
