import { ApiError, errorMessage } from "@/lib/api-client";

export type ServerFieldError<F extends string> = { field: F | null; message: string };

const issueSchema = (value: unknown): value is { path: string; message: string } =>
  typeof value === "object" && value !== null && typeof (value as { path?: unknown }).path === "string" && typeof (value as { message?: unknown }).message === "string";

/**
 * Finds the form field a server error is about: schema issues name it in their path ("body.sku"); conflicts and
 * reference checks name it in their message. Anything else belongs to the form as a whole.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
  hints: Partial<Record<F, RegExp>> = {},
): ServerFieldError<F> {
  const message = errorMessage(error, "The server could not save this.");
  if (error instanceof ApiError && Array.isArray(error.details)) {
    for (const issue of error.details) {
      if (!issueSchema(issue)) continue;
      const [scope, name] = issue.path.split(".");
      const field = fields.find((f) => f === (scope === "body" ? name : scope));
      if (field) return { field, message: issue.message };
    }
  }
  for (const field of fields) {
    const hint = hints[field];
    if (hint && hint.test(message)) return { field, message };
  }
  return { field: null, message };
}
