import { ApiError, errorMessage } from "@/lib/api-client";

/**
 * Which form field a server refusal is about. Schema failures name it in their issue path ("body.email"); a few
 * domain refusals only say it in words, matched by the hints. Anything else belongs to the whole form.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
  hints: Partial<Record<F, RegExp>> = {},
  fallback = "The server could not save this.",
): { field: F | null; message: string } {
  const message = errorMessage(error, fallback);
  if (error instanceof ApiError && Array.isArray(error.details)) {
    for (const issue of error.details as unknown[]) {
      if (!issue || typeof issue !== "object") continue;
      const { path, message: text } = issue as { path?: unknown; message?: unknown };
      if (typeof path !== "string" || typeof text !== "string") continue;
      const name = path.replace(/^body\./, "").split(".")[0];
      const field = fields.find((f) => f === name);
      if (field) return { field, message: text };
    }
  }
  const hinted = fields.find((f) => hints[f]?.test(message));
  return { field: hinted ?? null, message };
}
