import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredEvent } from "@procure/contracts";
import { decideStreams, foldStream, type LoadedStream, type LoadStream, type StreamCommand } from "@procure/domain";
import type { AppendResult } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { loadState } from "./load-stream.ts";
import { runCommand, type CommandSpec } from "./run-command.ts";
import { isNewlyDrawn } from "./new-id.ts";

export { on, type LoadStream, type StreamCommand } from "@procure/domain";
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
 * The one path of every command sent over HTTP: load each stream it touches once per attempt, and decide and append
 * as every write does (`decideStreams`, then `runCommand`: idempotency, the append, waiting for the read models the
 * answer needs, the answer).
 */
export function handleCommand<T>(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, plan: CommandPlan<T>) {
  let read = new Map<string, Promise<LoadedStream<unknown>>>();
  const load: LoadStream = (decider, id) => {
    const streamId = decider.streamId(id);
    // A stream named by an id this request drew at random is empty; the append still expects it to be (version 0).
    const fresh = (): Promise<LoadedStream<unknown>> => Promise.resolve(foldStream(decider, []));
    if (!read.has(streamId)) read.set(streamId, isNewlyDrawn(request, id) ? fresh() : loadState(deps, decider, id));
    return read.get(streamId)! as Promise<LoadedStream<never>>;
  };
  const decide = async (now: string) => {
    read = new Map();
    const planned = typeof plan.commands === "function" ? await plan.commands(load, now) : plan.commands;
    return decideStreams(Array.isArray(planned) ? planned : [planned], load, { actor: request.actor ?? null, now });
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
