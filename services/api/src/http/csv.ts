import { stringify } from "csv-stringify/sync";

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"), even a quoted one.
 * Tab and CR count because some spreadsheets skip them before looking for the formula sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text is neutralised with a leading apostrophe, which spreadsheets show as text and hide. Numbers are written as
 * numbers and never prefixed: a negative amount written as a number is a value, not a formula, and stays one a
 * spreadsheet can add up. Text that merely looks like a number ("-5" typed by a user) is still text, and prefixed.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Every CSV the product writes: RFC 4180 records (CRLF; a field with a comma, quote or line break quoted, quotes
 * doubled), empty for null and undefined, formulas neutralised. Rows may be written in pieces: each call returns
 * whole records, so a streamed export concatenates them.
 */
export function csvRecords(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], {
    record_delimiter: "windows",
    // csv-stringify quotes only for its own record delimiter (CRLF); a lone LF or CR must be quoted as well.
    quoted_match: /[\r\n]/,
    cast: {
      string: neutraliseFormula,
      boolean: String,
      date: (value) => value.toISOString(),
      object: (value) => neutraliseFormula(JSON.stringify(value)),
    },
  });
}
