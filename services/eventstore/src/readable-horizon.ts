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
 * inserts). The reading transaction's own id counts as running unless it is one of those. The SQL function
 * `readable_horizon` computes it (migration `eventstore-log-read-planned-once`), planned once per session; as a
 * scalar subquery it is computed once per statement.
 */
export function readableHorizon(): RawBuilder<string> {
  return sql<string>`(select readable_horizon(${quietTransactions.list()}::xid8[], ${APPENDS_NOTHING}))`;
}

/** The arguments `events_after` takes besides the position and size: what `readable_horizon` reads past. */
export const horizonArguments = (): RawBuilder<unknown> => sql`${quietTransactions.list()}::xid8[], ${APPENDS_NOTHING}`;
