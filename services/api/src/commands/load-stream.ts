import type { StoredEvent } from "@procure/contracts";
import type { AppDeps } from "../deps.ts";

/** A stream folded into its aggregate's state, with the version the next append must expect. */
export async function loadStream<S>(deps: AppDeps, streamId: string, evolve: (state: S, event: StoredEvent) => S, initial: S) {
  const events = await deps.store.readStream(streamId);
  return { state: events.reduce(evolve, initial), version: events.at(-1)?.stream_version ?? 0, events };
}
