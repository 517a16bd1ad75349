import type { StoredEvent } from "@procure/contracts";
import type { StreamDecider } from "@procure/domain";
import type { AppDeps } from "../deps.ts";

export type LoadedStream<S> = { state: S; version: number; events: StoredEvent[] };

/** The stream of `id` read once and folded by its decider, with the version the next append must expect. */
export async function loadState<S>(deps: AppDeps, decider: Pick<StreamDecider<S, never>, "streamId" | "evolve" | "initialState">, id: string) {
  const events = await deps.store.readStream(decider.streamId(id));
  const loaded: LoadedStream<S> = { state: events.reduce(decider.evolve, decider.initialState), version: events.at(-1)?.stream_version ?? 0, events };
  return loaded;
}
