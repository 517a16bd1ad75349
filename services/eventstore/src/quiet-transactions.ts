/**
 * Transactions of this process that never append to the log: a projection batch, the relay's publication. Each
 * holds a transaction id while it runs (it locks its checkpoint and writes), and a log reader that stopped at the
 * oldest running transaction would wait for them too, though none of them can ever commit an event. Readers stop
 * at the oldest running transaction that is not listed here instead. Transaction ids are never reused, so a listed
 * id can never belong to a writer of events; an id missing from the list only makes readers wait longer. That a
 * listed transaction appends nothing is enforced, not trusted: the checkpoint lease that lists it also marks it in
 * Postgres, and the events table refuses inserts from a marked transaction (see the migration
 * `20261125T2000-eventstore-quiet-transactions-append-nothing`).
 */
const quiet = new Set<string>();

/** A transaction that appends nothing, while it runs; `end` once it committed or rolled back. */
export type QuietTransaction = { xid: string | null };

export const quietTransactions = {
  /** Lists a running transaction's id: readers no longer wait for it. It must append no event. */
  add(transaction: QuietTransaction, xid: string): void {
    transaction.xid = xid;
    quiet.add(xid);
  },
  end(transaction: QuietTransaction): void {
    if (transaction.xid) quiet.delete(transaction.xid);
    transaction.xid = null;
  },
  /** The ids readers may read past. */
  list(): string[] {
    return [...quiet];
  },
};
