import pg from "pg";

/** Distinct statements a connection keeps prepared; beyond them (texts built from varying lists), plain ones. */
const KEPT_PER_CONNECTION = 100;

/** "cached plan must not change result type": a table's columns changed under a prepared statement. */
const STALE_PLAN = "0A000";

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
}
