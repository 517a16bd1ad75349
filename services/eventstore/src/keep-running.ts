import type { Signal } from "./signal.ts";

export type KeepRunningOptions = {
  /** Named in the log when a step fails. */
  name: string;
  /** One turn of work; answers whether to go again at once. */
  step: () => Promise<boolean>;
  /** Wakes an idle loop early. */
  signal: Signal;
  running: () => boolean;
  /** How long an idle loop sleeps unless woken. */
  idleMs: () => number;
  /** Told of each failure (the message) and of each success after it (null). */
  onError?: (error: string | null) => void;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

/**
 * The loop of a background part: steps while there is work, sleeps until woken or its poll is due when idle, and
 * backs off from 250 ms to 5 s while steps fail (the database or a receiver down), never giving up.
 */
export async function keepRunning(options: KeepRunningOptions): Promise<void> {
  let backoff = 250;
  while (options.running()) {
    try {
      const busy = await options.step();
      options.onError?.(null);
      backoff = 250;
      if (!busy) await options.signal.wait(options.idleMs());
    } catch (error) {
      options.onError?.(String(error));
      options.log?.(`${options.name} failed; retrying`, { error: String(error) });
      await options.signal.wait(backoff);
      backoff = Math.min(backoff * 2, 5_000);
    }
  }
}
