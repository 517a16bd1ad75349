import { errorCodes, type NewEvent, type StoredEvent, type StreamType } from "@procure/contracts";
import type { StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { loadStream } from "./load-stream.ts";
import { HttpError } from "../plugins/errors.ts";

/** How to find and fold one kind of stream: enough to load state and append with its expected version. */
export type Aggregate<S> = {
  streamType: StreamType;
  streamId: (id: string) => string;
  evolve: (state: S, event: StoredEvent) => S;
  initial: S;
};

export function loadAggregate<S>(deps: AppDeps, aggregate: Aggregate<S>, id: string) {
  return loadStream(deps, aggregate.streamId(id), aggregate.evolve, aggregate.initial);
}

/** A runCommand `decide` for one stream: load it, let the domain decide, append at the version read. */
export function decideOn<S>(deps: AppDeps, aggregate: Aggregate<S>, id: string, decide: (state: S) => NewEvent[]) {
  return async (): Promise<StreamAppend[]> => {
    const { state, version } = await loadAggregate(deps, aggregate, id);
    return [{ streamType: aggregate.streamType, streamId: aggregate.streamId(id), expectedVersion: version, events: decide(state) }];
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
