import { ConcurrencyConflictError } from "./errors.ts";
import type { AppendOptions, AppendResult, StreamAppend } from "./appender.ts";
import type { EventStore } from "./event-store.ts";

export type DecideAndAppendOptions = Omit<AppendOptions, "recordedAt"> & {
  /** How many times to decide again on a version conflict: for commands that do not depend on what changed. */
  retriesOnConflict: number;
};

/**
 * Every write's core, whoever sends it (a user through the API, a background part as the system): decide at `now`
 * on the streams as they are, append in one transaction with the optimistic check, and on a conflict decide again
 * on what the other writer left, as often as allowed.
 */
export async function decideAndAppend(
  store: EventStore,
  decide: (now: string) => Promise<StreamAppend[]>,
  options: DecideAndAppendOptions,
): Promise<AppendResult> {
  const { retriesOnConflict, ...appendOptions } = options;
  for (let attempt = 0; ; attempt++) {
    const now = new Date().toISOString();
    try {
      return await store.append(await decide(now), { ...appendOptions, recordedAt: now });
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError) || attempt >= retriesOnConflict) throw error;
    }
  }
}
