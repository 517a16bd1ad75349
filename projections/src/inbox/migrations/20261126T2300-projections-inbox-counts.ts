import { sql, type Kysely } from "kysely";

/**
 * How many things of each kind wait for each user, kept beside the items by the database itself: every statement
 * that inserts or deletes items (a live batch, a member's refill, a rebuild's copy) moves the counts in the same
 * transaction, so the inbox's figures are read from a handful of rows however many items a user has. An item's key
 * (user, kind, subject) never changes once written: an update moves no count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rm_inbox_counts (user_id uuid not null, kind text not null, n integer not null, primary key (user_id, kind))`.execute(db);
  await sql`
    create function rm_inbox_items_counted() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into rm_inbox_counts (user_id, kind, n) select user_id, kind, count(*) from inserted group by user_id, kind
          on conflict (user_id, kind) do update set n = rm_inbox_counts.n + excluded.n;
      else
        update rm_inbox_counts as c set n = c.n - d.n
          from (select user_id, kind, count(*) as n from deleted group by user_id, kind) as d
          where c.user_id = d.user_id and c.kind = d.kind;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger rm_inbox_items_count_inserted after insert on rm_inbox_items
    referencing new table as inserted for each statement execute function rm_inbox_items_counted()`.execute(db);
  await sql`create trigger rm_inbox_items_count_deleted after delete on rm_inbox_items
    referencing old table as deleted for each statement execute function rm_inbox_items_counted()`.execute(db);
  await sql`insert into rm_inbox_counts (user_id, kind, n) select user_id, kind, count(*) from rm_inbox_items group by user_id, kind`.execute(db);
}
