import { createHash, randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorCodes, type EventMetadata } from "@procure/contracts";
import { canonicalJson, ConcurrencyConflictError, IdempotentReplay, positionOf, type AppendResult, type StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { HttpError } from "../plugins/errors.ts";

export type CommandSpec<T> = {
  /** Loads what it needs, decides, and returns the appends. Domain errors thrown here become 4xx answers. */
  decide: (now: string) => Promise<StreamAppend[]>;
  /** Builds the answer once the read models have caught up with the appended events. */
  respond: (result: AppendResult) => Promise<T>;
  status?: number;
  /** Re-decide on a version conflict: right for commands that do not depend on what changed (comments, files). */
  retryOnConflict?: boolean;
};

type Idempotency = { scope: string; key: string; requestHash: string; actorId: string | null };

const IDEMPOTENCY_HEADER = "idempotency-key";
/** A claimed key with no stored answer after this long belongs to an attempt that died after committing. */
const ABANDONED_AFTER_MS = 5_000;

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
  const idempotency = idempotencyOf(request);
  const status = spec.status ?? 200;
  const finish = async (result: AppendResult) => {
    await deps.progress.waitFor(result.position, deps.env.COMMAND_WAIT_MS);
    const body = await spec.respond(result);
    if (idempotency) await deps.store.saveIdempotentResponse(idempotency.scope, idempotency.key, status, body);
    return reply.code(status).send(body);
  };
  if (idempotency) {
    const earlier = await earlierAttempt(deps, idempotency, 0);
    if (earlier?.kind === "answered") return reply.code(earlier.status).send(earlier.body);
    if (earlier?.kind === "abandoned") return finish(earlier.result);
    if (earlier?.kind === "in-flight") throw stillProcessing();
  }
  const metadata: EventMetadata = {
    actor_id: request.actor?.id ?? null,
    actor_role: request.actor?.role ?? null,
    actor_email: request.actor?.email ?? null,
    correlation_id: request.id ? String(request.id) : randomUUID(),
    causation_id: null,
    ...(idempotency ? { idempotency_key: idempotency.key } : {}),
  };
  for (let attempt = 0; ; attempt++) {
    const now = new Date().toISOString();
    const appends = await spec.decide(now);
    try {
      return await finish(await deps.store.append(appends, { metadata, recordedAt: now, idempotency }));
    } catch (error) {
      if (error instanceof IdempotentReplay && idempotency) {
        const earlier = await earlierAttempt(deps, idempotency, 3_000);
        if (earlier?.kind === "answered") return reply.code(earlier.status).send(earlier.body);
        if (earlier?.kind === "abandoned") return finish(earlier.result);
        throw stillProcessing();
      }
      if (error instanceof ConcurrencyConflictError && spec.retryOnConflict && attempt < 3) continue;
      throw error;
    }
  }
}

const stillProcessing = () => new HttpError(409, errorCodes.conflict, "A request with this Idempotency-Key is still being processed. Retry shortly.");

type Earlier =
  | { kind: "answered"; status: number; body: unknown }
  | { kind: "in-flight" }
  | { kind: "abandoned"; result: AppendResult }
  | null;

/** What became of an earlier attempt with the same key: answered, still running, or committed by a process that died. */
async function earlierAttempt(deps: AppDeps, idempotency: Idempotency, waitMs: number): Promise<Earlier> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const known = await deps.store.findIdempotentResponse(idempotency.scope, idempotency.key);
    if (!known) return null;
    if (known.request_hash !== idempotency.requestHash) {
      throw new HttpError(422, errorCodes.idempotencyMismatch, "This Idempotency-Key was already used with a different request.");
    }
    if (known.status_code !== null) return { kind: "answered", status: known.status_code, body: known.response };
    if (Date.now() - new Date(known.created_at).getTime() > ABANDONED_AFTER_MS) {
      const events = await deps.store.readByIdempotencyKey(idempotency.key, idempotency.actorId);
      if (events.length > 0) return { kind: "abandoned", result: { position: positionOf(events.at(-1)!), events } };
    }
    if (Date.now() >= deadline) return { kind: "in-flight" };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
