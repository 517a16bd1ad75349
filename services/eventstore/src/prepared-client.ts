import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** Distinct statements a connection keeps prepared; beyond them (texts built from varying lists), plain ones. */
const KEPT_PER_CONNECTION = 100;

/** "cached plan must not change result type": a table's columns changed under a prepared statement. */
const STALE_PLAN = "0A000";

/** `copy <table> (<columns>) from stdin`, sent with its rows as the one parameter (see `copyIn`). */
const COPY_IN = /^copy\s[^;]+\sfrom\s+stdin$/i;

/**
 * A connection that prepares each parameterized statement once, under a name of its own, and afterwards only binds
 * and executes it: Postgres no longer parses and plans the same few dozen statements on every command and every
 * projection batch. A statement whose table changed shape under it (a migration of a newer version while this one
 * still runs) is sent unprepared from then on.
 */
export class PreparingClient extends pg.Client {
  private readonly names = new Map<string, string>();
  private readonly unprepared = new Set<string>();
  private counter = 0;

  // Kysely calls query(text, values) and awaits the promise; every other form goes through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === "string" && COPY_IN.test(config) && Array.isArray(values) && values.length === 1 && typeof values[0] === "string" && !callback) {
      return this.copyIn(config, values[0]);
    }
    if (typeof config !== "string" || !Array.isArray(values) || values.length === 0 || callback || this.unprepared.has(config)) {
      return super.query(config, values, callback);
    }
    let name = this.names.get(config);
    if (!name) {
      if (this.names.size >= KEPT_PER_CONNECTION) return super.query(config, values);
      name = `procure_${++this.counter}`;
      this.names.set(config, name);
    }
    return (super.query({ name, text: config, values }) as Promise<pg.QueryResult>).catch((error: { code?: string }) => {
      if (error?.code !== STALE_PLAN) throw error;
      this.names.delete(config);
      this.unprepared.add(config);
      return super.query(config, values);
    });
  }

  /**
   * Streams rows in COPY's text format into the table: the cheapest way Postgres takes many rows, read without a
   * JSON parse or a row-at-a-time insert. Statements reach a connection as text and parameters only, so the rows
   * come as the parameter of a `copy … from stdin` statement; answered like any other statement.
   */
  private async copyIn(text: string, rows: string): Promise<pg.QueryResult> {
    const stream = super.query(copyFrom(text));
    await pipeline(Readable.from([Buffer.from(rows)]), stream);
    return { command: "COPY", rowCount: stream.rowCount, rows: [], oid: 0, fields: [] };
  }
}
