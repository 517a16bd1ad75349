/** NUL cannot be stored in Postgres text, and a lone surrogate is not Unicode: both are bad input, never a 500. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unsafeTextMessage = "Text must not contain NUL characters or invalid Unicode.";

export const isSafeText = (value: string): boolean => !UNSAFE.test(value);

/** The path of the first string (or key) in a parsed value that is not safe text, or null when all are. */
export function findUnsafeText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key];
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
