import { createHash, randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorCodes, type EventMetadata } from "@procure/contracts";
import { canonicalJson, ConcurrencyConflictError, IdempotentReplay, type AppendResult, type StreamAppend } from "@procure/eventstore";
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

const IDEMPOTENCY_HEADER = "idempotency-key";

function idempotencyOf(request: FastifyRequest) {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) return undefined;
  if (key.length > 200) throw new HttpError(400, errorCodes.validation, "Idempotency-Key must be at most 200 characters.");
  const requestHash = createHash("sha256")
    .update(`${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params)} ${canonicalJson(request.body ?? null)}`)
    .digest("hex");
  return { scope: request.actor?.id ?? `anonymous:${request.ip}`, key, requestHash };
}

/**
 * The one path every write takes: idempotency, decide, append (one transaction), then wait (bounded) for the
 * projections so the answer and any read after it reflect the write.
 */
export async function runCommand<T>(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, spec: CommandSpec<T>) {
  const idempotency = idempotencyOf(request);
  if (idempotency) {
    const replay = await replayIfKnown(deps, idempotency);
    if (replay) return reply.code(replay.status).send(replay.body);
  }
  const metadata: EventMetadata = {
    actor_id: request.actor?.id ?? null,
    actor_role: request.actor?.role ?? null,
    actor_email: request.actor?.email ?? null,
    correlation_id: request.id ? String(request.id) : randomUUID(),
    causation_id: null,
    idempotency_key: idempotency?.key ?? null,
  };
  let result: AppendResult | null = null;
  for (let attempt = 0; !result; attempt++) {
    const now = new Date().toISOString();
    const appends = await spec.decide(now);
    try {
      result = await deps.store.append(appends, { metadata, recordedAt: now, idempotency });
    } catch (error) {
      if (error instanceof IdempotentReplay && idempotency) {
        const replay = await replayIfKnown(deps, idempotency, 3_000);
        if (replay) return reply.code(replay.status).send(replay.body);
        throw new HttpError(409, errorCodes.conflict, "A request with this Idempotency-Key is still being processed.");
      }
      if (error instanceof ConcurrencyConflictError && spec.retryOnConflict && attempt < 3) continue;
      throw error;
    }
  }
  await deps.progress.waitFor(result.position, deps.env.COMMAND_WAIT_MS);
  const body = await spec.respond(result);
  const status = spec.status ?? 200;
  if (idempotency) await deps.store.saveIdempotentResponse(idempotency.scope, idempotency.key, status, body);
  return reply.code(status).send(body);
}

async function replayIfKnown(
  deps: AppDeps,
  idempotency: { scope: string; key: string; requestHash: string },
  waitMs = 0,
): Promise<{ status: number; body: unknown } | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const known = await deps.store.findIdempotentResponse(idempotency.scope, idempotency.key);
    if (!known) return null;
    if (known.request_hash !== idempotency.requestHash) {
      throw new HttpError(422, errorCodes.idempotencyMismatch, "This Idempotency-Key was already used with a different request.");
    }
    if (known.status_code !== null) return { status: known.status_code, body: known.response };
    if (Date.now() >= deadline) return waitMs > 0 ? null : Promise.reject(new HttpError(409, errorCodes.conflict, "A request with this Idempotency-Key is still being processed."));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
