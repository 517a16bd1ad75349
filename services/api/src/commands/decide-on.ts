import { errorCodes, type NewEvent } from "@procure/contracts";
import type { StreamDecider } from "@procure/domain";
import type { StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { loadStream } from "./load-stream.ts";
import { HttpError } from "../plugins/errors.ts";

/** The stream of `id` read once and folded by its decider, with the version the next append must expect. */
export function loadState<S>(deps: AppDeps, decider: StreamDecider<S>, id: string) {
  return loadStream(deps, decider.streamId(id), decider.evolve, decider.initialState);
}

/** A runCommand `decide` for one stream: load it, let the domain decide, append at the version read. */
export function decideOn<S>(deps: AppDeps, decider: StreamDecider<S>, id: string, decide: (state: S) => NewEvent[]) {
  return async (): Promise<StreamAppend[]> => {
    const { state, version } = await loadState(deps, decider, id);
    return [{ streamType: decider.streamType, streamId: decider.streamId(id), expectedVersion: version, events: decide(state) }];
  };
}

/** Reads a row for an answer; a missing one is the feature's 404 in the shared error shape. */
export const rowOr404 =
  <T>(load: () => Promise<T | null>, what: string) =>
  async (): Promise<T> => {
    const row = await load();
    if (!row) throw new HttpError(404, errorCodes.notFound, `${what} not found.`);
    return row;
  };
