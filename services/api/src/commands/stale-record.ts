import type { FastifyReply } from "fastify";
import { errorCodes, type StaleRecordDetails } from "@procure/contracts";
import type { StaleRecordError } from "@procure/domain";
import { positionOf } from "@procure/eventstore";
import type { AppDeps } from "../deps.ts";
import { HttpError } from "../plugins/errors.ts";
import { etagOf } from "../http/record-version.ts";

/** A 412: the edit named a version of the record that is no longer its own; `current` is the record as it is now. */
export class PreconditionFailedError extends HttpError {
  constructor(message: string, details: StaleRecordDetails, current: unknown) {
    super(412, errorCodes.preconditionFailed, message, details, current);
  }
}

/**
 * The answer to an edit made on an older version of its record: the record as the route answers it (once the read
 * models it reads have reached the stream's last event, so its version is the one compared), its ETag, and who
 * changed it since, and when, for the client to show before it takes the change.
 */
export async function staleRecordAnswer(
  deps: AppDeps,
  reply: FastifyReply,
  stale: StaleRecordError,
  reads: readonly string[] | undefined,
  current: () => Promise<unknown>,
): Promise<HttpError> {
  const last = stale.events.at(-1);
  if (last) await deps.progress.waitFor(positionOf(last), deps.env.COMMAND_WAIT_MS, reads);
  const record = await current();
  const changedBy = [...new Set(stale.since.flatMap((event) => (event.metadata.actor_email ? [event.metadata.actor_email] : [])))];
  const details: StaleRecordDetails = { version: stale.version, changed_by: changedBy, changed_at: stale.since.at(-1)?.recorded_at ?? null };
  const who = changedBy.length > 0 ? changedBy.join(", ") : "Someone";
  reply.header("etag", etagOf(stale.version));
  return new PreconditionFailedError(
    `${who} changed this record after the version you edited (${stale.expected}); it is now at version ${stale.version}. Reload it and make your change again.`,
    details,
    record,
  );
}
