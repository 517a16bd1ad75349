import { errorCodes } from "@procure/contracts";
import { HttpError } from "../../plugins/errors.ts";

/** Instants Postgres and JavaScript both write as YYYY-MM-DD...: years 0001 to 9999 (Postgres has no year 0). */
const FOUR_DIGIT_YEAR = /^(?!0000)\d{4}-/;

/**
 * The instants [start, end) an export covers, or a 400 when either falls outside what the database holds. A bare
 * end date covers that whole day.
 */
export function exportRange(from: string, to: string): { start: string; end: string } {
  const start = new Date(from).toISOString();
  const end = /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(to) + 86_400_000).toISOString() : new Date(to).toISOString();
  if (!FOUR_DIGIT_YEAR.test(start) || !FOUR_DIGIT_YEAR.test(end)) {
    const message = "from and to must be dates between 0001-01-01 and 9999-12-30.";
    throw new HttpError(400, errorCodes.validation, message, [{ path: "querystring", message }]);
  }
  return { start, end };
}
