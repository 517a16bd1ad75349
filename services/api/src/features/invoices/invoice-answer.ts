import { invoiceSeparationRefusal, type Invoice, type StoredEvent } from "@procure/contracts";
import { controlsSettingsDecider, orderStreamId, type Actor } from "@procure/domain";
import type { AppendResult } from "@procure/eventstore";
import { orderInvoicesView, toInvoice } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import type { DecidedOn } from "../../commands/as-written.ts";
import { HttpError } from "../../plugins/errors.ts";
import { loadState } from "../../commands/load-stream.ts";

/**
 * Invoices as `viewer` reads them: with why the viewer may not take an invoice's next step under the workspace's
 * separation of duties (the rule the order's decider applies, on the settings read from their stream).
 */
export async function invoicesSeenBy(deps: AppDeps, viewer: Actor, invoices: Invoice[]): Promise<Invoice[]> {
  const { state: controls } = await loadState(deps, controlsSettingsDecider, "");
  return invoices.map((invoice) => ({ ...invoice, action_blocked_reason: invoiceSeparationRefusal(controls, viewer, invoice) }));
}

/**
 * An invoice as a command on its order left it: the read model's own fold over the order's stream as the command
 * read it plus what it appended (a replay, which read nothing, reads the stream again).
 */
export async function invoiceAsWritten(deps: AppDeps, viewer: Actor, result: AppendResult, decidedOn: DecidedOn, orderId: string, invoiceId: string) {
  const streamId = orderStreamId(orderId);
  const before = decidedOn(streamId);
  const events: readonly StoredEvent[] = before
    ? [...before, ...result.events.filter((event) => event.stream_id === streamId)]
    : await deps.store.readStream(streamId);
  const row = orderInvoicesView(events).find((invoice) => invoice.id === invoiceId);
  if (!row) throw new HttpError(404, "not_found", "Invoice not found.");
  return (await invoicesSeenBy(deps, viewer, [toInvoice(row)]))[0]!;
}
