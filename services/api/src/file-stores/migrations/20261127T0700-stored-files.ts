import { sql, type Kysely } from "kysely";

/**
 * Uploaded files kept in Postgres (`PostgresFileStore`), so that every API process serves them: one row per file,
 * complete once its last chunk is in, and its content in chunks of a few hundred KiB.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stored_files (
    storage_key text primary key,
    complete boolean not null default false,
    size bigint,
    sha256 text,
    chunks integer,
    started_at timestamptz not null default now())`.execute(db);
  await sql`create index stored_files_incomplete on stored_files (started_at) where not complete`.execute(db);
  await sql`create table stored_file_chunks (
    storage_key text not null references stored_files on delete cascade,
    seq integer not null,
    data bytea not null,
    primary key (storage_key, seq))`.execute(db);
  // Uploads are mostly compressed already (PDF, images, office files): kept out of line as they are, not compressed again.
  await sql`alter table stored_file_chunks alter column data set storage external`.execute(db);
}
