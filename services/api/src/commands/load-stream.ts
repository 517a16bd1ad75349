import { foldStream, type LoadedStream, type StreamDecider } from "@procure/domain";
import type { AppDeps } from "../deps.ts";

/** The stream of `id` read once and folded by its decider, with the version the next append must expect. */
export async function loadState<S>(
  deps: AppDeps,
  decider: Pick<StreamDecider<S, never>, "streamId" | "evolve" | "initialState">,
  id: string,
): Promise<LoadedStream<S>> {
  return foldStream(decider, await deps.store.readStream(decider.streamId(id)));
}
