import { errorBody } from "@procure/contracts";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 503;

/** The one error shape under each status a route may answer, for its schema and so for the OpenAPI document. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}

/**
 * What a command route may answer besides success: bad input, no session or right, unknown id, conflict, replay
 * mismatch, and a saved change whose read model is still behind.
 */
export const commandErrors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** What an edit of a record that takes `If-Match` may answer: a command's errors, and 412 for a stale version. */
export const editErrors = errorResponses(400, 401, 403, 404, 409, 412, 422, 503);
