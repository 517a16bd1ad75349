import { sql, type Kysely } from "kysely";

/** Failed sign-ins per account, shared by every API instance so a guesser cannot spread attempts across them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table login_failures (
    email text primary key,
    failures integer not null,
    window_started timestamptz not null,
    locked_until timestamptz)`.execute(db);
}
