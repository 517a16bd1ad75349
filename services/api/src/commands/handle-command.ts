import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredEvent } from "@procure/contracts";
import { decideStreams, foldStream, StaleRecordError, type LoadedStream, type LoadStream, type StreamCommand } from "@procure/domain";
import { ORIGIN, type AppendResult } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { loadState } from "./load-stream.ts";
import { runCommand, type CommandSpec } from "./run-command.ts";
import { isNewlyDrawn } from "./new-id.ts";
import { staleRecordAnswer } from "./stale-record.ts";

export { on, type LoadStream, type StreamCommand } from "@procure/domain";
export type CommandPlan<T> = Omit<CommandSpec<T>, "decide" | "respond"> & {
  /**
   * What to decide: one command on one stream, or one per stream when a command spans streams (an order and its PO
   * number). A function may first read other streams through `load` for what the commands need to carry.
   */
  commands: StreamCommand | StreamCommand[] | ((load: LoadStream, now: string) => Promise<StreamCommand | StreamCommand[]>);
  /** `decidedOn` gives the events of a stream as the command read them, for an answer built before the read models catch up. */
  respond: (result: AppendResult, decidedOn: (streamId: string) => readonly StoredEvent[] | null) => Promise<T>;
  /**
   * The version of the first stream's record the edit was made on (`If-Match`, through `ifMatch`): a record that has
   * moved since is not decided on, and the answer is 412 with the record as `respond` gives it now. The check is
   * made again by every attempt, so a write that lost a race to that record is a 412 too, never a silent overwrite.
   */
  expectedVersion?: number | undefined;
};

/**
 * The one path of every command sent over HTTP: load each stream it touches once per attempt, and decide and append
 * as every write does (`decideStreams`, then `runCommand`: idempotency, the append, waiting for the read models the
 * answer needs, the answer).
 */
export async function handleCommand<T>(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, plan: CommandPlan<T>) {
  let read = new Map<string, Promise<LoadedStream<unknown>>>();
  const load: LoadStream = (decider, id) => {
    const streamId = decider.streamId(id);
    // A stream named by an id this request drew at random is empty; the append still expects it to be (version 0).
    const fresh = (): Promise<LoadedStream<unknown>> => Promise.resolve(foldStream(decider, []));
    if (!read.has(streamId)) read.set(streamId, isNewlyDrawn(request, id) ? fresh() : loadState(deps, decider, id));
    return read.get(streamId)! as Promise<LoadedStream<never>>;
  };
  const { expectedVersion } = plan;
  const decide = async (now: string) => {
    read = new Map();
    const planned = typeof plan.commands === "function" ? await plan.commands(load, now) : plan.commands;
    return decideStreams(Array.isArray(planned) ? planned : [planned], load, { actor: request.actor ?? null, now, expectedVersion });
  };
  const respond = async (result: AppendResult) => {
    // A replay of a committed attempt decided nothing here: it has no streams read, and answers from the log.
    const loaded = await Promise.all([...read.entries()].map(async ([streamId, stream]) => [streamId, (await stream).events] as const));
    const byStream = new Map(loaded);
    return plan.respond(result, (streamId) => byStream.get(streamId) ?? null);
  };
  try {
    return await runCommand(deps, request, reply, {
      ...plan,
      decide,
      respond,
      retryOnConflict: plan.retryOnConflict || expectedVersion !== undefined,
    });
  } catch (error) {
    if (!(error instanceof StaleRecordError)) throw error;
    // Nothing was appended: the record as the route answers it, over the stream as this attempt read it.
    throw await staleRecordAnswer(deps, reply, error, plan.reads, () => respond({ position: ORIGIN, events: [] }));
  }
}
