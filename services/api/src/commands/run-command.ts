import { createHash, randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Transaction } from "kysely";
import { errorCodes, type EventMetadata, type Position } from "@procure/contracts";
import { canonicalJson, decideAndAppend, IdempotentReplay, ORIGIN, positionOf, type AppendResult, type StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { HttpError } from "../plugins/errors.ts";
import { markCommand } from "../metrics/series.ts";
import { purgeExpiredKeysNowAndThen } from "./idempotency-purge.ts";
import { encodePosition, POSITION_HEADER } from "./log-position.ts";
import { tagVersion } from "../http/record-version.ts";

export type CommandSpec<T> = {
  /** Loads what it needs, decides, and returns the appends. Domain errors thrown here become 4xx answers. */
  decide: (now: string) => Promise<StreamAppend[]>;
  /** Builds the answer once the read models have caught up with the appended events. */
  respond: (result: AppendResult) => Promise<T>;
  status?: number;
  /** The projections `respond` reads: the answer waits for these only, and the websocket tells about the rest. */
  reads?: readonly string[];
  /** Re-decide on a version conflict: right for commands that do not depend on what changed (comments, files). */
  retryOnConflict?: boolean;
  /** State outside the log written in the append's transaction (credentials). */
  alsoInTransaction?: (trx: Transaction<unknown>) => Promise<void>;
  /**
   * For answers that carry a secret: what the idempotency store keeps (without it), and how a replay is answered
   * from that (a fresh token, never the first answer's password or secret). A replay of an attempt that committed
   * but never answered is answered the same way.
   */
  replay?: { keep: (body: T) => unknown; answer: (kept: unknown) => T | Promise<T> };
};

type Idempotency = { scope: string; key: string; requestHash: string; actorId: string | null };

const IDEMPOTENCY_HEADER = "idempotency-key";
export const PROJECTIONS_BEHIND_HEADER = "x-projections-behind";

function idempotencyOf(request: FastifyRequest): Idempotency | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) return undefined;
  if (key.length > 200) throw new HttpError(400, errorCodes.validation, "Idempotency-Key must be at most 200 characters.");
  const requestHash = createHash("sha256")
    .update(`${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params)} ${canonicalJson(request.body ?? null)}`)
    .digest("hex");
  const actorId = request.actor?.id ?? null;
  return { scope: actorId ?? `anonymous:${request.ip}`, key, requestHash, actorId };
}

/**
 * The one path every write takes: idempotency, decide, append (one transaction), then wait (bounded) for the
 * projections so the answer and any read after it reflect the write.
 */
export async function runCommand<T>(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, spec: CommandSpec<T>) {
  markCommand(request);
  const idempotency = idempotencyOf(request);
  const status = spec.status ?? 200;
  /**
   * Every answer of a committed command, first or replayed, names the position its write reached (a read sending it
   * back waits for it) and waits, bounded, for the read models the answer and the reads after it need.
   */
  const reached = async (position: Position) => {
    reply.header(POSITION_HEADER, encodePosition(position));
    const caughtUp = await deps.progress.waitFor(position, deps.env.COMMAND_WAIT_MS, spec.reads);
    // The write is committed either way; this tells the client a read right now may not show it yet.
    if (!caughtUp) reply.header(PROJECTIONS_BEHIND_HEADER, "true");
    return caughtUp;
  };
  /** Answers a committed command; `replayed` when this request only retried an attempt that committed it. */
  const finish = async (result: AppendResult, replayed = false) => {
    const caughtUp = await reached(result.position);
    const body = await answerCommitted(deps, reply, spec, result, caughtUp);
    const kept = spec.replay ? spec.replay.keep(body) : body;
    if (idempotency) {
      await deps.store.idempotency.save(idempotency.scope, idempotency.key, status, kept);
      purgeExpiredKeysNowAndThen(deps.store, request.log);
    }
    // A secret in this request's answer was never stored: what the committed attempt stored went unseen.
    tagVersion(reply, body);
    reply.code(status).send(replayed && spec.replay ? await spec.replay.answer(kept) : body);
  };
  // Both send and return nothing: a reply is thenable, and awaiting one would wait for the response to finish.
  const answered = async (earlier: { status: number; body: unknown; position: Position }) => {
    await reached(earlier.position);
    tagVersion(reply, earlier.body);
    reply.code(earlier.status).send(spec.replay && earlier.status < 300 ? await spec.replay.answer(earlier.body) : earlier.body);
  };
  /** Sends the answer of an earlier attempt with the same key, when there is one to give; says whether it did. */
  const replayEarlier = async (waitMs: number): Promise<boolean> => {
    if (!idempotency) return false;
    const earlier = await earlierAttempt(deps, idempotency, waitMs);
    if (earlier?.kind === "answered") await answered(earlier);
    else if (earlier?.kind === "committed") await finish(earlier.result, true);
    else if (earlier?.kind === "in-flight") throw stillProcessing(reply);
    return earlier !== null;
  };
  if (await replayEarlier(0)) return reply;
  const metadata: EventMetadata = {
    actor_id: request.actor?.id ?? null,
    actor_role: request.actor?.role ?? null,
    actor_email: request.actor?.email ?? null,
    correlation_id: request.id ? String(request.id) : randomUUID(),
    causation_id: null,
    ...(idempotency ? { idempotency_key: idempotency.key } : {}),
  };
  try {
    const options = { metadata, idempotency, alsoInTransaction: spec.alsoInTransaction, retriesOnConflict: spec.retryOnConflict ? 3 : 0 };
    await finish(await decideAndAppend(deps.store, spec.decide, options));
    return reply;
  } catch (error) {
    if (error instanceof IdempotentReplay && idempotency) {
      if (await replayEarlier(3_000)) return reply;
      throw stillProcessing(reply);
    }
    // A racing retry of the same command sees the first attempt's effect ("already approved", a version
    // conflict): when that attempt committed, its answer is this one's too.
    if (await replayEarlier(0).catch(() => false)) return reply;
    throw error;
  }
}

/**
 * The answer of a committed command. An answer read from a read model that has not caught up yet would be a 404
 * for something that exists: it waits longer for the read model instead, and if even that runs out says the
 * change is saved and will show shortly (503 with Retry-After; a retry with the same Idempotency-Key is answered
 * from the committed events), never that it is missing.
 */
async function answerCommitted<T>(deps: AppDeps, reply: FastifyReply, spec: CommandSpec<T>, result: AppendResult, caughtUp: boolean): Promise<T> {
  try {
    return await spec.respond(result);
  } catch (error) {
    if (caughtUp || !(error instanceof HttpError) || error.statusCode !== 404) throw error;
  }
  if (await deps.progress.waitFor(result.position, deps.env.COMMAND_WAIT_MS * 5, spec.reads)) return spec.respond(result);
  reply.header("retry-after", "2");
  throw new HttpError(503, errorCodes.projectionsBehind, "Your change is saved. It will show in a moment; reload shortly.");
}

function stillProcessing(reply: FastifyReply) {
  reply.header("retry-after", "1");
  return new HttpError(409, errorCodes.conflict, "A request with this Idempotency-Key is still being processed. Retry shortly.");
}

type Earlier =
  { kind: "answered"; status: number; body: unknown; position: Position } | { kind: "in-flight" } | { kind: "committed"; result: AppendResult } | null;

/**
 * What became of an earlier attempt with the same key. The key is claimed in the append's transaction, so a claim
 * without an answer means the events are committed: whether that attempt is still waiting for the projections or
 * died, the retry answers from the appended events, the same answer the first attempt gives.
 */
async function earlierAttempt(deps: AppDeps, idempotency: Idempotency, waitMs: number): Promise<Earlier> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const known = await deps.store.idempotency.find(idempotency.scope, idempotency.key);
    if (!known) return null;
    if (known.request_hash !== idempotency.requestHash) {
      throw new HttpError(422, errorCodes.idempotencyMismatch, "This Idempotency-Key was already used with a different request.");
    }
    const events = await deps.store.idempotency.appendedWith(idempotency.key, idempotency.actorId, known.created_at);
    // A command that changed nothing appended nothing: its answer needs no read model to catch up.
    const position = events.length > 0 ? positionOf(events.at(-1)!) : ORIGIN;
    if (known.status_code !== null) return { kind: "answered", status: known.status_code, body: known.response, position };
    if (events.length > 0) return { kind: "committed", result: { position: positionOf(events.at(-1)!), events } };
    if (Date.now() >= deadline) return { kind: "in-flight" };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
