import type { NewEvent, StoredEvent, StreamType } from "@procure/contracts";
import type { Actor } from "./actor.ts";

/**
 * Who asks, when, and the id of the stream's record (what `streamId` was given, so a create names its record).
 * An anonymous command (a public work order, a sign-up) has no actor.
 */
export type DecideContext = { actor: Actor | null; now: string; id: string };

/**
 * One kind of stream as the domain folds it and rules on it: where it lives, its state before any event, how each
 * event changes it, and the one `decide` that answers each of its commands with events. Every command loads its
 * stream through one of these, once, and is decided on the state it folds to.
 */
export type StreamDecider<S, C extends { type: string }> = {
  streamType: StreamType;
  streamId: (id: string) => string;
  initialState: S;
  evolve: (state: S, event: StoredEvent | NewEvent) => S;
  decide: (state: S, command: C, context: DecideContext) => NewEvent[];
  /** Throws not found when the actor may not see the stream at all, so it is never decided on and its id leaks nothing. */
  requireVisible?: (state: S, actor: Actor) => void;
  /**
   * The events that change the record a client edits, when the stream also records other things (a member's reads,
   * a vendor's documents): the record's version (its ETag, what `If-Match` names) is that of the last of these.
   * Without it every event of the stream changes the record.
   */
  recordEvents?: readonly string[];
};
