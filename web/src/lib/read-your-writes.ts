const POSITION_HEADER = "X-Procure-Position";
export const AFTER_HEADER = "X-Procure-After";

/**
 * The latest point of the log this tab's writes reached, kept in memory for the tab: every read after a write sends
 * it back, so the API answers from read models that already show the write (or says to retry), never older data.
 */
let latest: string | null = null;

/** Positions are opaque, but a later one sorts after an earlier one as a string, whatever order answers arrive in. */
export function rememberWrite(response: Response): void {
  const position = response.headers.get(POSITION_HEADER);
  if (position && (latest === null || position > latest)) latest = position;
}

/** What a read sends as AFTER_HEADER: null until this tab has written anything. */
export function latestWrite(): string | null {
  return latest;
}

export const readAfter = (position: string | null): Record<string, string> => (position === null ? {} : { [AFTER_HEADER]: position });
