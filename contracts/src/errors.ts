import { z } from "zod";

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** On a 412 (an `If-Match` naming an older version): the record as it is now, with its `version`. */
    current: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const errorCodes = {
  validation: "validation_error",
  invalidJson: "invalid_json",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  notFound: "not_found",
  conflict: "conflict",
  payloadTooLarge: "payload_too_large",
  idempotencyMismatch: "idempotency_key_reused",
  rateLimited: "rate_limited",
  internal: "internal_error",
  projectionsBehind: "projections_behind",
  passwordChangeRequired: "password_change_required",
  accountDeactivated: "account_deactivated",
  preconditionFailed: "precondition_failed",
} as const;

/**
 * The `details` of a 412: the record's version now, and who changed it (emails; none for automatic changes) and
 * when, since the version the client named.
 */
export const staleRecordDetails = z.object({
  version: z.number().int(),
  changed_by: z.array(z.string()),
  changed_at: z.string().nullable(),
});
export type StaleRecordDetails = z.infer<typeof staleRecordDetails>;
