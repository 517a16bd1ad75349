import pg from "pg";

/**
 * Counts the statements this process sends to Postgres while switched on, by their first `width` characters:
 * what a command costs the database, for the profiles.
 */
export function countStatements(width: number) {
  const counts = new Map<string, number>();
  let on = false;
  const query = pg.Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
    if (on) {
      const text = String(typeof args[0] === "string" ? args[0] : args[0]?.text)
        .replace(/\s+/g, " ")
        .slice(0, width);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (query as any).apply(this, args);
  };
  return {
    counts,
    start: () => void (on = true),
    stop: () => void (on = false),
  };
}
