import { sql, type Kysely } from "kysely";

/**
 * Log readers read past this process's quiet transactions (see `quiet-transactions.ts`), so an event appended in
 * one would be skipped by them for good. The transaction marks itself quiet when it takes its checkpoint lease, and
 * from then on any insert into the log raises. A statement-level trigger: one check per insert statement, however
 * many rows a group commit writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function events_refuse_quiet_transactions() returns trigger language plpgsql as $$
    begin
      if current_setting('procure.quiet_transaction', true) = 'on' then
        raise exception 'a transaction that log readers read past cannot append events' using errcode = 'P0001';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger events_refuse_quiet_transactions before insert on events
    for each statement execute function events_refuse_quiet_transactions()`.execute(db);
}
