import { createHash, randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";

const issued = new WeakMap<FastifyRequest, number>();
/** Random ids this request drew: no stream can hold one yet. */
const drawn = new WeakMap<FastifyRequest, Set<string>>();

/** Whether `id` was drawn at random for this request, so its stream is certainly new and need not be read. */
export function isNewlyDrawn(request: FastifyRequest, id: string): boolean {
  return drawn.get(request)?.has(id) ?? false;
}

/**
 * An id for a record a command creates. With an Idempotency-Key the ids are derived from the key (and the caller),
 * so a retry after a crash between commit and answer names the records the first attempt appended, and its answer
 * is built from them instead of from ids nobody stored.
 */
export function newId(request: FastifyRequest): string {
  const raw = request.headers["idempotency-key"];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) {
    const id = randomUUID();
    drawn.set(request, (drawn.get(request) ?? new Set()).add(id));
    return id;
  }
  const n = issued.get(request) ?? 0;
  issued.set(request, n + 1);
  const scope = request.actor?.id ?? `anonymous:${request.ip}`;
  const bytes = createHash("sha256").update(`${scope}\u0000${key}\u0000${n}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
