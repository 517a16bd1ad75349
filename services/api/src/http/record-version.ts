import type { FastifyReply, FastifyRequest } from "fastify";
import { errorCodes } from "@procure/contracts";
import { HttpError } from "../plugins/errors.ts";

/** A strong entity tag of a record's version: `"7"`. */
export const etagOf = (version: number) => `"${version}"`;

const STRONG_ETAG = /^"(0|[1-9]\d{0,9})"$/;

/**
 * The record version an edit was made on, from its `If-Match` header, for `handleCommand`'s `expectedVersion`: none
 * without the header (or with `*`, any version), and a 400 for anything but one tag this API gave.
 */
export function ifMatch(request: FastifyRequest): number | undefined {
  const raw = request.headers["if-match"];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(",") : raw).trim();
  if (value === "*") return undefined;
  const version = STRONG_ETAG.exec(value)?.[1];
  if (version === undefined || !Number.isSafeInteger(Number(version))) {
    throw new HttpError(400, errorCodes.validation, 'If-Match must be one ETag this API answered, such as "3".', [
      { path: "headers.if-match", message: "Send the ETag of the record as you read it." },
    ]);
  }
  return Number(version);
}

/** Sends a record with its version as its ETag: for reads of a record a user edits. */
export function withVersion<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header("etag", etagOf(record.version));
  return record;
}

/** Tags an answer that is a record with its version; anything else is left as it is. */
export function tagVersion(reply: FastifyReply, body: unknown): void {
  const version = body && typeof body === "object" && "version" in body ? body.version : undefined;
  if (typeof version === "number" && Number.isInteger(version)) reply.header("etag", etagOf(version));
}
