import { sql, type Kysely } from "kysely";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";

/** Every this many counts a process also clears windows long past, so the table holds only recent callers. */
const SWEEP_EVERY = 500;

/**
 * Rate-limit counts kept in the database, so every API process counts against one budget: two processes behind a
 * proxy allow what one does. A count is one upsert that opens a fresh window once the last one has passed.
 */
export function sharedRateLimitStore(db: Kysely<unknown>): FastifyRateLimitStoreCtor {
  let counted = 0;
  const sweep = () => sql`delete from rate_limit_windows where resets_at < now() - interval '1 hour'`.execute(db);

  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin builds the first with its options; children are built here, with the route in their keys.
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === "string" ? prefix : "";
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      if (++counted % SWEEP_EVERY === 0) void sweep().catch(() => {});
      sql<{ hits: number; ttl: number }>`insert into rate_limit_windows (key, hits, resets_at)
          values (${this.prefix + key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          hits = case when rate_limit_windows.resets_at <= now() then 1 else rate_limit_windows.hits + 1 end,
          resets_at = case when rate_limit_windows.resets_at <= now() then excluded.resets_at else rate_limit_windows.resets_at end
        returning hits, greatest(extract(epoch from (resets_at - now())) * 1000, 0)::float8 as ttl`
        .execute(db)
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: Math.ceil(rows[0]!.ttl) }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string }; path: string }): FastifyRateLimitStore {
      return new SharedRateLimitStore(`${this.prefix}${routeOptions.routeInfo?.method ?? ""}${routeOptions.routeInfo?.url ?? routeOptions.path}-`);
    }
  }
  return SharedRateLimitStore;
}
