import type { FieldValues, Resolver } from "react-hook-form";

/** Generic schema failures, reworded only for the fields a form names; refinements keep their own wording. */
const genericCodes = new Set(["invalid_type", "invalid_format", "too_small", "too_big", "invalid_value"]);

/**
 * Keeps the contract schema as the only rule, but words its generic failures for people ("Enter a price of 0 or
 * more" rather than "expected number, received NaN").
 */
export function withFieldMessages<I extends FieldValues, C, O>(
  resolver: Resolver<I, C, O>,
  messages: Partial<Record<keyof I & string, string>>,
): Resolver<I, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, { type?: unknown; message?: string } | undefined>;
    for (const [field, message] of Object.entries(messages) as [string, string | undefined][]) {
      const error = errors[field];
      if (error && message && typeof error.type === "string" && genericCodes.has(error.type)) error.message = message;
    }
    return result;
  };
}
