import type { NewEvent, StoredEvent, StreamType } from "@procure/contracts";
import type { Actor } from "./actor.ts";
import type { StreamDecider } from "./stream-decider.ts";
import { requireRecordVersion } from "./record-version.ts";

/** One command for one stream, decided by that stream's decider. */
export type StreamCommand = { decider: StreamDecider<unknown, { type: string }>; id: string; command: { type: string } };

export const on = <S, C extends { type: string }>(decider: StreamDecider<S, C>, id: string, command: C): StreamCommand => ({
  decider: decider as unknown as StreamCommand["decider"],
  id,
  command,
});

/** A stream as a command reads it: folded, with the version the next append must expect. */
export type LoadedStream<S> = { state: S; version: number; events: readonly StoredEvent[] };

export function foldStream<S>(decider: Pick<StreamDecider<S, never>, "evolve" | "initialState">, events: readonly StoredEvent[]): LoadedStream<S> {
  return { state: events.reduce(decider.evolve, decider.initialState), version: events.at(-1)?.stream_version ?? 0, events };
}

/** Reads a stream for the command being decided. */
export type LoadStream = <S>(decider: StreamDecider<S, never>, id: string) => Promise<LoadedStream<S>>;

export type DecidedAppend = { streamType: StreamType; streamId: string; expectedVersion: number; events: NewEvent[] };

/**
 * Decides a command on every stream it touches: each stream loaded through `load`, the first checked visible to the
 * actor, each decided by its own decider. The first stream's append stays even when it decided nothing: it still
 * checks nobody changed that stream meanwhile. An edit made on a known version of the first stream's record
 * (`expectedVersion`, from `If-Match`) is refused with `StaleRecordError` when the record has moved since.
 */
export async function decideStreams(
  steps: readonly StreamCommand[],
  load: LoadStream,
  context: { actor: Actor | null; now: string; expectedVersion?: number },
): Promise<DecidedAppend[]> {
  const appends: DecidedAppend[] = [];
  for (const [index, { decider, id, command }] of steps.entries()) {
    const loaded = await load(decider, id);
    const { state, version } = loaded;
    if (index === 0 && context.actor) decider.requireVisible?.(state, context.actor);
    if (index === 0 && context.expectedVersion !== undefined) requireRecordVersion(decider, decider.streamId(id), loaded, context.expectedVersion);
    const events = decider.decide(state, command, { actor: context.actor, now: context.now, id });
    if (index === 0 || events.length > 0) appends.push({ streamType: decider.streamType, streamId: decider.streamId(id), expectedVersion: version, events });
  }
  return appends;
}
