import type { StoredEvent } from "@procure/contracts";
import { orderStreamId } from "@procure/domain";
import type { AppendResult } from "@procure/eventstore";
import { orderInvoicesView, toInvoice } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import type { DecidedOn } from "../../commands/as-written.ts";
import { HttpError } from "../../plugins/errors.ts";

/**
 * An invoice as a command on its order left it: the read model's own fold over the order's stream as the command
 * read it plus what it appended (a replay, which read nothing, reads the stream again).
 */
export async function invoiceAsWritten(deps: AppDeps, result: AppendResult, decidedOn: DecidedOn, orderId: string, invoiceId: string) {
  const streamId = orderStreamId(orderId);
  const before = decidedOn(streamId);
  const events: readonly StoredEvent[] = before
    ? [...before, ...result.events.filter((event) => event.stream_id === streamId)]
    : await deps.store.readStream(streamId);
  const row = orderInvoicesView(events).find((invoice) => invoice.id === invoiceId);
  if (!row) throw new HttpError(404, "not_found", "Invoice not found.");
  return toInvoice(row);
}
