import type { InvoiceFilesCommand } from "@procure/contracts";
import type { StreamDecider } from "./stream-decider.ts";
import { invalid } from "./domain-error.ts";

/** How many documents an invoice holds: its stream records nothing else. */
export type InvoiceFilesState = { count: number };

export const invoiceFilesStreamId = (invoiceId: string) => `invoice-files-${invoiceId}`;

/**
 * An invoice's documents, on a stream of their own rather than the order's: a document changes nothing the order
 * decides, so an upload never waits for or races a receipt or an approval. The route reads the invoice from its
 * order's stream inside the command and names it here.
 */
export const invoiceFilesDecider: StreamDecider<InvoiceFilesState, InvoiceFilesCommand> = {
  streamType: "order",
  streamId: invoiceFilesStreamId,
  initialState: { count: 0 },
  evolve: (state, event) => (event.type === "InvoiceFileAttached" ? { count: state.count + 1 } : state),
  decide: (_state, command) => {
    switch (command.type) {
      case "AttachInvoiceFile":
        return [{ type: "InvoiceFileAttached", data: { ...command.invoice, ...command.file } }];
      default: {
        const unknown: never = command.type;
        throw invalid(`Unknown command ${String(unknown)}.`);
      }
    }
  },
};
