import { sql, type Kysely } from "kysely";

/**
 * Sessions named `procure:appends-nothing` (a process whose parts never append: an `--only relay`, `projector` or
 * `notifier`) are read past by log readers in every process, as a quiet transaction is by its own process's: the log
 * refuses their inserts too. A session's name is set when it connects and our code never changes it, so another
 * session can tell from `pg_stat_activity` which running transactions these are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function events_refuse_quiet_transactions() returns trigger language plpgsql as $$
    begin
      if current_setting('procure.quiet_transaction', true) = 'on' then
        raise exception 'a transaction that log readers read past cannot append events' using errcode = 'P0001';
      end if;
      if current_setting('application_name', true) = 'procure:appends-nothing' then
        raise exception 'a session that log readers read past cannot append events' using errcode = 'P0001';
      end if;
      return null;
    end $$`.execute(db);
}
