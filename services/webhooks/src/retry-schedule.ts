/** Standard Webhooks' schedule: the delay before each attempt, the first immediate. */
export const DEFAULT_RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

/** "0,5000,300000" (milliseconds) into a schedule; empty means the default. */
export function parseRetrySchedule(text: string | undefined): number[] {
  if (!text || !text.trim()) return DEFAULT_RETRY_SCHEDULE_MS;
  const delays = text.split(",").map((part) => Number(part.trim()));
  if (delays.length === 0 || delays.some((d) => !Number.isFinite(d) || d < 0)) throw new Error(`Invalid retry schedule: ${text}`);
  return delays;
}

/**
 * The delay before attempt `attempt + 1`, after `attempt` failed; null when the schedule is spent. Jitter of up to
 * a tenth keeps many endpoints failing together from retrying in lockstep. A Retry-After longer than the schedule
 * wins, within a day.
 */
export function nextDelayMs(schedule: readonly number[], attempt: number, retryAfterMs: number | null, random = Math.random): number | null {
  if (attempt >= schedule.length) return null;
  const base = schedule[attempt]!;
  const jittered = Math.round(base * (1 + random() * 0.1));
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, 86_400_000));
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
