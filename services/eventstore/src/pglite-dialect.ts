import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";
import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * Kysely over an embedded PGlite: Postgres's SQL, one connection. The connection is lent to one caller at a time, as a
 * pool of one would be, so a transaction's statements never interleave with another caller's; a transaction runs
 * inside PGlite's own, which holds the database for it, and syncs to disk before its commit is reported.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

export class PGliteAdapter extends PostgresAdapter {
  // The migrator holds the one connection from the lock to its release: nobody else can run meanwhile.
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private lent: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  /** Waits for the connection's previous caller to give it back. */
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.lent;
    let giveBack!: () => void;
    this.lent = new Promise((resolve) => (giveBack = resolve));
    await previous;
    this.connection.giveBack = giveBack;
    return this.connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).giveBack();
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as PGliteConnection).begin();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as PGliteConnection).end(true);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as PGliteConnection).end(false);
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** Asked to end an open PGlite transaction without committing it. */
class Rollback extends Error {}

class PGliteConnection implements DatabaseConnection {
  giveBack: () => void = () => {};
  private transaction: { tx: Transaction; finish: (commit: boolean) => void; closed: Promise<unknown> } | null = null;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.transaction?.tx ?? this.pglite).query<R>(query.sql, [...query.parameters], { rowMode: "object" });
    return { rows: rows ?? [], ...(affectedRows === undefined ? {} : { numAffectedRows: BigInt(affectedRows) }) };
  }

  /**
   * PGlite answers a query whole, in the process's memory: the rows are handed on `chunkSize` at a time, as a server
   * would stream them, after the query has run.
   */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }

  /** Opens PGlite's transaction and keeps it open until `end`, with every statement in between running in it. */
  begin(): Promise<void> {
    return new Promise((begun, failed) => {
      const closed = this.pglite.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            this.transaction = { tx, finish: (ok) => (ok ? commit() : rollback(new Rollback())), closed };
            begun();
          }),
      );
      closed.catch((error: unknown) => {
        if (!this.transaction) failed(error);
      });
    });
  }

  async end(commit: boolean): Promise<void> {
    const transaction = this.transaction;
    if (!transaction) return;
    transaction.finish(commit);
    try {
      await transaction.closed;
      // PGlite syncs its files after each statement outside a transaction, but not after a commit.
      if (commit) await this.pglite.syncToFs();
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    } finally {
      this.transaction = null;
    }
  }
}
