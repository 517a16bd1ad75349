import fp from "fastify-plugin";
import type { FastifyError, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { errorCodes } from "@procure/contracts";
import { DomainError } from "@procure/domain";
import { ConcurrencyConflictError } from "@procure/eventstore";
import { FileTooLargeError } from "../file-stores/file-store.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./database-unavailable.ts";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** On a 412 (a stale `If-Match`): the record as it is now. */
    readonly current?: unknown,
  ) {
    super(message);
  }
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: unknown, current?: unknown) {
  return reply
    .code(status)
    .type("application/json")
    .send({ error: { code, message, ...(details === undefined ? {} : { details }), ...(current === undefined ? {} : { current }) } });
}

const domainStatus = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: errorCodes.invalidJson, message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: errorCodes.invalidJson, message: "The request body is empty." },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported_media_type", message: "Send JSON (or multipart for uploads)." },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: "The file is larger than the upload limit." },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: errorCodes.validation, message: "Send the file as multipart/form-data in a field named file." },
};

/** What the multipart parser throws for a body that is not well-formed: the client's fault, not ours. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed part header|Part terminated early|Malformed urlencoded form)/i;

/** One error shape everywhere: { error: { code, message, details? } }. Bad input is a 4xx, never a 500. */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [
          error.validationContext,
          ...String(v.instancePath ?? "")
            .split("/")
            .filter(Boolean),
        ].join("."),
        message: v.message,
      }));
      return sendError(reply, 400, errorCodes.validation, issues[0]?.message ?? "Invalid request.", issues);
    }
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.code, error.message, error.details, error.current);
    if (error instanceof DomainError) {
      return sendError(reply, domainStatus[error.kind], error.kind === "invalid" ? errorCodes.validation : error.kind, error.message, error.details);
    }
    if (error instanceof ConcurrencyConflictError) {
      return sendError(reply, 409, errorCodes.conflict, "Someone else changed this record at the same moment. Reload and try again.");
    }
    if (error instanceof FileTooLargeError) {
      return sendError(reply, 413, errorCodes.payloadTooLarge, "The file is larger than the upload limit.");
    }
    if (MALFORMED_MULTIPART.test(error.message ?? "")) {
      return sendError(reply, 400, errorCodes.validation, "The upload is not valid multipart/form-data. Send the file in a field named file.");
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.code, known.message);
    if (error.statusCode === 429) return sendError(reply, 429, errorCodes.rateLimited, "Too many requests. Try again shortly.");
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return sendError(reply, 500, errorCodes.internal, "Something went wrong on our side.");
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, error.code ?? "bad_request", error.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return sendError(reply, 503, "unavailable", "The service is briefly unavailable. Try again in a few seconds.");
    }
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, 500, errorCodes.internal, "Something went wrong on our side.");
  });
});
