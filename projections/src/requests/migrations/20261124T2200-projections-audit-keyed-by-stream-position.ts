import { sql, type Kysely } from "kysely";

/**
 * A timeline row is one event of a request's stream: (request, stream version) names it, and every read of the
 * timeline looks it up by request. The key on the row's own id was a second unique index that nothing read, and
 * every event, a rebuild's 200,000 too, paid for an insert into it at a random place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_request_audit drop constraint if exists rm_request_audit_pkey`.execute(db);
  await sql`alter table rm_request_audit add constraint rm_request_audit_pkey primary key using index rm_request_audit_request_version`.execute(db);
}
