import { z } from "zod";

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
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
} as const;
