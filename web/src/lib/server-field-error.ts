import { ApiError, errorMessage } from "./api-client";

export type ServerFieldError<F extends string> = { field: F | null; message: string };

/**
 * Which form field a server refusal is about. Schema failures name it in their issue path ("body.total"); domain
 * refusals say it only in words, matched by the hints. Anything else belongs to the form as a whole.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
  hints: Partial<Record<F, RegExp>> = {},
  fallback = "The server could not save this.",
): ServerFieldError<F> {
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

type ErrorTargets<F extends string> = {
  setError: (name: F, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void;
  setFormError: (message: string) => void;
};

/** Shows a server refusal on the field it is about, focusing that field, or else on the form as a whole. */
export function showServerError<F extends string>(error: unknown, fields: readonly F[], hints: Partial<Record<F, RegExp>>, targets: ErrorTargets<F>) {
  const { field, message } = serverFieldError(error, fields, hints);
  if (field) targets.setError(field, { type: "server", message }, { shouldFocus: true });
  else targets.setFormError(message);
}
