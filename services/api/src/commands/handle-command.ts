import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredEvent } from "@procure/contracts";
import type { StreamDecider } from "@procure/domain";
import type { AppendResult, StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { loadState, type LoadedStream } from "./load-stream.ts";
import { runCommand, type CommandSpec } from "./run-command.ts";
import { isNewlyDrawn } from "./new-id.ts";

/** One command for one stream, decided by that stream's decider. */
export type StreamCommand = { decider: StreamDecider<unknown, { type: string }>; id: string; command: { type: string } };

export const on = <S, C extends { type: string }>(decider: StreamDecider<S, C>, id: string, command: C): StreamCommand => ({
  decider: decider as unknown as StreamCommand["decider"],
  id,
  command,
});

/** Reads a stream for the command being decided: each stream once per attempt, whoever asks for it. */
export type LoadStream = <S>(decider: StreamDecider<S, never>, id: string) => Promise<LoadedStream<S>>;

export type CommandPlan<T> = Omit<CommandSpec<T>, "decide" | "respond"> & {
  /**
   * What to decide: one command on one stream, or one per stream when a command spans streams (an order and its PO
   * number). A function may first read other streams through `load` for what the commands need to carry.
   */
  commands: StreamCommand | StreamCommand[] | ((load: LoadStream, now: string) => Promise<StreamCommand | StreamCommand[]>);
  /** `decidedOn` gives the events of a stream as the command read them, for an answer built before the read models catch up. */
  respond: (result: AppendResult, decidedOn: (streamId: string) => readonly StoredEvent[] | null) => Promise<T>;
};

/**
 * The one path of every command: load each stream it touches once, check the actor may see the first, let each
 * stream's decider decide, and append everything in one transaction (through `runCommand`: idempotency, the
 * append, waiting for the read models the answer needs, the answer).
 */
export function handleCommand<T>(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, plan: CommandPlan<T>) {
  let read = new Map<string, Promise<LoadedStream<unknown>>>();
  const load: LoadStream = (decider, id) => {
    const streamId = decider.streamId(id);
    // A stream named by an id this request drew at random is empty; the append still expects it to be (version 0).
    const fresh = (): Promise<LoadedStream<unknown>> => Promise.resolve({ state: decider.initialState, version: 0, events: [] });
    if (!read.has(streamId)) read.set(streamId, isNewlyDrawn(request, id) ? fresh() : loadState(deps, decider, id));
    return read.get(streamId)! as Promise<LoadedStream<never>>;
  };
  const decide = async (now: string): Promise<StreamAppend[]> => {
    read = new Map();
    const planned = typeof plan.commands === "function" ? await plan.commands(load, now) : plan.commands;
    const steps = Array.isArray(planned) ? planned : [planned];
    const appends: StreamAppend[] = [];
    for (const [index, { decider, id, command }] of steps.entries()) {
      const { state, version } = await load(decider, id);
      if (index === 0 && request.actor) decider.requireVisible?.(state, request.actor);
      const events = decider.decide(state, command, { actor: request.actor ?? null, now, id });
      // The first stream's append stays even when empty: it still checks nobody changed the stream meanwhile.
      if (index === 0 || events.length > 0) appends.push({ streamType: decider.streamType, streamId: decider.streamId(id), expectedVersion: version, events });
    }
    return appends;
  };
  return runCommand(deps, request, reply, {
    ...plan,
    decide,
    respond: async (result) => {
      // A replay of a committed attempt decided nothing here: it has no streams read, and answers from the log.
      const loaded = await Promise.all([...read.entries()].map(async ([streamId, stream]) => [streamId, (await stream).events] as const));
      const byStream = new Map(loaded);
      return plan.respond(result, (streamId) => byStream.get(streamId) ?? null);
    },
  });
}
