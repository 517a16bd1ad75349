import { type OrderLineInput, type PatchOrderBody, type SaveOrderBody } from "@procure/contracts";
import {
  applyPatch,
  diligenceSettingsDecider,
  notFound,
  requireDiligenceForOrders,
  orderDecider,
  poNumberDecider,
  requestDecider,
  requestLinkOf,
  vendorDecider,
  vendorNameDecider,
  type OrderDraft,
  type OrderFields,
} from "@procure/domain";
import { on, type LoadStream, type StreamCommand } from "../../commands/handle-command.ts";
import type { PoNumberAllocator } from "./po-number-allocator.ts";

type IdentifiedLine = OrderLineInput & { id: string };
/** A body whose lines all have ids. */
type Identified<B> = Omit<B, "lines"> & { lines?: IdentifiedLine[] | undefined };

export type OrderInput = { kind: "create" | "replace"; body: Identified<SaveOrderBody> } | { kind: "patch"; body: Identified<PatchOrderBody> };

type Draft = Omit<OrderDraft, "po_number"> & { po_number: string | null };

/** Lines sent without an id are new: each gets one here, from the request, so a retried request names the same lines. */
export function withLineIds<B extends { lines?: OrderLineInput[] | undefined }>(body: B, newLineId: () => string): Identified<B> {
  return { ...body, lines: body.lines?.map((line) => ({ ...line, id: line.id ?? newLineId() })) };
}

/**
 * The body as the order's fields: missing optional fields are null on create and replace, unchanged on patch. The
 * total is null when not sent, for the lines (or the order as it stands) to set it.
 */
function draftOf(input: OrderInput, before: OrderFields | null): Draft {
  if (input.kind === "patch") {
    if (!before) throw notFound("Purchase order not found.");
    const { lines: _lines, total: _total, ...kept } = before;
    const { lines: _sent, ...patch } = input.body;
    return { ...applyPatch<Omit<Draft, "total">>(kept, patch), total: patch.total ?? null };
  }
  const b = input.body;
  return {
    po_number: b.po_number ?? null,
    vendor_id: b.vendor_id ?? null,
    vendor_name: b.vendor_name ?? null,
    total: b.total ?? null,
    status: b.status,
    request_id: b.request_id ?? null,
    expected_date: b.expected_date ?? null,
    notes: b.notes ?? null,
  };
}

/**
 * Saving an order is decided on each stream it touches, in one append: the order, its PO number's reservation,
 * the request it links (or the one it lets go). A blank number keeps an existing order's number and gets a
 * generated one for a new order.
 */
export async function saveOrderCommands(load: LoadStream, allocator: PoNumberAllocator, orderId: string, input: OrderInput, now: string) {
  const { state } = await load(orderDecider, orderId);
  if (input.kind !== "create" && (!state.exists || state.deleted)) throw notFound("Purchase order not found.");
  const before = state.exists ? state.fields : null;
  const draft = draftOf(input, before);
  // A typed name that belongs to a registered vendor is that vendor, so its status applies.
  if (!draft.vendor_id && draft.vendor_name) draft.vendor_id = (await load(vendorNameDecider, draft.vendor_name)).state.holder;
  const vendor = draft.vendor_id ? (await load(vendorDecider, draft.vendor_id)).state : null;
  // A new order, or one moved to another vendor, waits for that vendor's diligence when the workspace says so.
  if (vendor && draft.vendor_id !== before?.vendor_id) {
    requireDiligenceForOrders((await load(diligenceSettingsDecider, "")).state, vendor, now.slice(0, 10));
  }
  const typed = draft.po_number ?? before?.po_number ?? null;
  const poNumber = typed ?? (await freePoNumber(load, allocator, orderId, now));
  const { vendor_name, ...fields } = { ...draft, po_number: poNumber };

  const commands: StreamCommand[] = [
    on(orderDecider, orderId, {
      type: "SaveOrder",
      mode: input.kind === "create" ? "create" : "edit",
      fields,
      lines: input.body.lines ?? null,
      vendor_name,
      vendor: vendor?.exists ? { name: vendor.name, status: vendor.status } : null,
    }),
    on(poNumberDecider, poNumber, { type: "ReservePoNumber", po_number: poNumber, order_id: orderId }),
  ];
  const link = requestLinkOf(fields, before);
  if (link)
    commands.push(
      on(requestDecider, fields.request_id!, { type: "LinkRequestToOrder", order_id: orderId, po_number: poNumber, approved_only: link.approvedOnly }),
    );
  if (before?.request_id && before.request_id !== fields.request_id) commands.push(releaseRequest(orderId, before.request_id));
  return { commands, generated: typed === null ? poNumber : null };
}

/** Frees the request of an order that is deleted or now points elsewhere, if it is still linked to it. */
export const releaseRequest = (orderId: string, requestId: string) => on(requestDecider, requestId, { type: "UnlinkRequestFromOrder", order_id: orderId });

/** The first generated number of this year that nobody holds. */
async function freePoNumber(load: LoadStream, allocator: PoNumberAllocator, orderId: string, now: string) {
  const year = now.slice(0, 4);
  for (let attempt = 0; attempt < 50; attempt++) {
    const poNumber = await allocator.candidate(year);
    const { holder } = (await load(poNumberDecider, poNumber)).state;
    if (holder === null || holder === orderId) return poNumber;
    allocator.taken(year);
  }
  throw new Error("Could not find a free PO number");
}
