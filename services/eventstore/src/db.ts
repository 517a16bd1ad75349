import { mkdirSync } from "node:fs";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PGliteDialect } from "./pglite-dialect.ts";
import { PreparingClient } from "./prepared-client.ts";

/** Postgres type ids whose text form we keep stable across the pg driver and PGlite. */
const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;

/** Postgres prints "2026-11-22 08:25:00.086+00"; JavaScript wants "2026-11-22T08:25:00.086+00:00". */
const parsedIso = (text: string) => new Date(text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")).toISOString();

/** A UTC timestamp with a four-digit year, as every connection's TimeZone=UTC prints it. */
const UTC_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.(\d+))?\+00$/;

/**
 * The same ISO string as `parsedIso`, without building a Date: read models and the log hold millions of
 * timestamps, and a rebuild parses each. Milliseconds are truncated, as Date does; other forms take the slow path.
 */
export function toIso(text: string): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (!match) return parsedIso(text);
  const fraction = ((match[1] ?? "") + "000").slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

/**
 * Positions are bigints and stay decimal strings; money is numeric and becomes a number;
 * timestamps become ISO strings so that read models and hashes are byte-identical on both drivers.
 */
const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (v) => v,
  [NUMERIC]: (v) => Number(v),
  [TIMESTAMPTZ]: (v) => toIso(v),
  [TIMESTAMP]: (v) => toIso(`${v}+00`),
};

/**
 * The name a process's sessions carry when none of them may append to the log (a relay, projector or notifier of its
 * own): readers in other processes read past their transactions, and the log refuses their inserts.
 */
export const APPENDS_NOTHING = "procure:appends-nothing";

export type DatabaseTarget = { kind: "postgres"; url: string; poolSize?: number; appendsNothing?: boolean } | { kind: "pglite"; dataDir: string | null };

export type Connection<DB> = { db: Kysely<DB>; target: DatabaseTarget; close: () => Promise<void> };

export function createDatabase<DB>(target: DatabaseTarget): Connection<DB> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: target.url,
      max: target.poolSize ?? 10,
      application_name: target.appendsNothing ? APPENDS_NOTHING : "procure",
      // An unreachable server must fail a request (503) rather than hang it.
      connectionTimeoutMillis: 5_000,
      // A long transaction holds every log reader back; none of ours should idle inside one.
      options: "-c idle_in_transaction_session_timeout=10000 -c TimeZone=UTC",
      types: {
        getTypeParser: ((oid: number, format?: string) => parsers[oid] ?? pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
      },
    });
    // A dropped idle connection must not take the process down; the next query opens another.
    pool.on("error", () => {});
    // A connection lost while checked out emits "error" on its client, which nobody else listens to: unhandled, it
    // would end the process. Its queries still fail, and the API answers those with a 503.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, target, close: () => db.destroy() };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = new PGlite(target.dataDir ?? undefined, { parsers });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  // Kysely closes PGlite only if a query ever ran; one never queried is still starting up in the background, and
  // must finish before it closes, or it writes into a data directory that may already be gone.
  const close = async () => {
    await db.destroy();
    await pglite.waitReady.catch(() => {});
    if (!pglite.closed) await pglite.close();
  };
  return { db, target, close };
}
