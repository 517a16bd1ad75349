import { sql, type RawBuilder } from "kysely";
import { APPENDS_NOTHING } from "./db.ts";
import { quietTransactions } from "./quiet-transactions.ts";

/**
 * The transaction id below which the log can gain no more events: the oldest transaction still running, or the
 * snapshot's `xmax` when none runs. A row committed late by a slow writer has a lower id than rows already visible,
 * so a reader that never reads at or past this id never skips one. Running transactions that can never append are
 * left out of "running": this process's quiet ones (projection batches, the relay), those of other databases on the
 * same server (ids are the server's, but a session of another database never writes this one's log, and a session's
 * database never changes), and those of sessions named APPENDS_NOTHING in any process (the log refuses their
 * inserts). The reading transaction's own id counts as running unless it is one of those.
 */
export function readableHorizon(): RawBuilder<string> {
  return sql<string>`(with snapshot as (select pg_current_snapshot() as s)
    select coalesce(
      (select min(running) from (select pg_snapshot_xip(snapshot.s) union all select pg_current_xact_id_if_assigned()) as open (running)
        where running <> all(${quietTransactions.list()}::xid8[])
          and running::xid not in (select backend_xid from pg_stat_activity where backend_xid is not null
            and (datid <> (select oid from pg_database where datname = current_database()) or application_name = ${APPENDS_NOTHING}))),
      pg_snapshot_xmax(snapshot.s)
    ) from snapshot)`;
}
