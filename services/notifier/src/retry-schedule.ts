const minute = 60_000;
const hour = 60 * minute;

/**
 * Delays before each new attempt after a temporary failure: quick at first, then every four hours, for a little
 * over a day in all (a mail server down for a night still gets its mail).
 */
export const DEFAULT_MAIL_RETRY_SCHEDULE_MS: readonly number[] = [minute, 5 * minute, 15 * minute, 30 * minute, hour, 2 * hour, ...Array(6).fill(4 * hour)];

/** The delay before the next attempt after `attempts` tries, or null when the schedule is spent. */
export function retryDelayMs(schedule: readonly number[], attempts: number): number | null {
  return schedule[attempts - 1] ?? null;
}
