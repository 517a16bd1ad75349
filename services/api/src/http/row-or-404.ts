import { errorCodes } from "@procure/contracts";
import { HttpError } from "../plugins/errors.ts";

/** Reads a row for an answer; a missing one is the feature's 404 in the shared error shape. */
export const rowOr404 =
  <T>(load: () => Promise<T | null>, what: string) =>
  async (): Promise<T> => {
    const row = await load();
    if (!row) throw new HttpError(404, errorCodes.notFound, `${what} not found.`);
    return row;
  };
