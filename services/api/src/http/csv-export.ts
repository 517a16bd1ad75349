import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { csvRecords } from "./csv.ts";

/** How many rows one read of an export takes: memory stays bounded however long the list. */
export const EXPORT_PAGE_ROWS = 1_000;

type Page<T> = { items: T[]; next: { value: string; id: string } | null };

/** The schema an export documents: the text its stream adds up to. */
export const csvListText = (columns: readonly string[]) => z.string().describe(`text/csv with the columns ${columns.join(", ")}`);

/**
 * Sends a list as CSV, page by page as it is read, through the one CSV writer. `pageAfter` reads the page after a
 * keyset (the first page without one), so an export follows the same order and filters as the screen's list.
 */
export function sendCsvList<T>(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  pageAfter: (after: Page<T>["next"] | undefined) => Promise<Page<T>>,
  toLine: (item: T) => readonly unknown[],
) {
  async function* lines(): AsyncGenerator<string> {
    yield csvRecords([columns]);
    let after: Page<T>["next"] | undefined;
    do {
      const page = await pageAfter(after);
      if (page.items.length) yield csvRecords(page.items.map(toLine));
      after = page.next;
    } while (after);
  }
  reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`);
  // A stream is sent as it comes, never serialised: the schema only documents the text it adds up to.
  return reply.send(Readable.from(lines()) as unknown as string);
}
