import type { NewEvent, StoredEvent, StreamType } from "@procure/contracts";

/**
 * One kind of stream as the domain folds it: where it lives, its state before any event, and how each event changes
 * it. Every command loads its stream through one of these, once, and decides on the state it folds to.
 */
export type StreamDecider<S> = {
  streamType: StreamType;
  streamId: (id: string) => string;
  initialState: S;
  evolve: (state: S, event: StoredEvent | NewEvent) => S;
};
