import type { Kysely } from "kysely";
import { PGliteAdapter } from "@procure/eventstore";

/**
 * What the database the projections run on can do. The embedded one (PGlite: one connection, in the process) lacks
 * several of a server's ways, and the runner's parts ask these traits rather than which database it is.
 */
export type DatabaseTraits = {
  /** A second connection: the log is read ahead on one while a batch is applied on another, and a replay applies projections side by side. */
  manyConnections: boolean;
  /** COPY from a client, to stream a replay's new rows in. */
  copyFromClient: boolean;
  /** VACUUM, which cannot run in a transaction: the one embedded connection may be in one. */
  vacuum: boolean;
  /**
   * A batch's commit need not wait for the disk: rows and checkpoint are lost together or not at all, and applied
   * again. Only where a background writer flushes such commits.
   */
  asyncCommit: boolean;
};

export const serverTraits: DatabaseTraits = { manyConnections: true, copyFromClient: true, vacuum: true, asyncCommit: true };
export const embeddedTraits: DatabaseTraits = { manyConnections: false, copyFromClient: false, vacuum: false, asyncCommit: false };

/** The traits of the database behind `db`: the one place that tells the embedded database from a server. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const databaseTraits = (db: Kysely<any>): DatabaseTraits => (db.getExecutor().adapter instanceof PGliteAdapter ? embeddedTraits : serverTraits);
