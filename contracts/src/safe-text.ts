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

/**
 * What no line a person types holds: line breaks and every other control character (C0, DEL, C1) and the Unicode
 * line and paragraph separators. A title or a name with a line break of its own could add lines of its choosing
 * wherever it is written out as one (a mail body, a CSV row, a log line).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NOT_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** Multi-line text (a description, a comment) keeps tabs and line breaks, and nothing else of the above. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const oneLineMessage = "Keep this to one line: line breaks and other control characters are not allowed.";
export const controlCharacterMessage = "Text must not contain control characters other than tabs and line breaks.";

export const isOneLine = (value: string): boolean => !NOT_ONE_LINE.test(value);
export const isPlainText = (value: string): boolean => !NOT_PLAIN_TEXT.test(value);

/** Text from before these checks (a title already in the log) written out as one line: each run of breaks and controls is one space. */
export const asOneLine = (value: string): string => value.replace(new RegExp(`${NOT_ONE_LINE.source}+`, "g"), " ");
