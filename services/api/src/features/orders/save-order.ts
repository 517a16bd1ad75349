import type { PatchOrderBody, SaveOrderBody } from "@procure/contracts";
import { applyPatch, notFound, orderStreamId, poNumberStreamId, requestStreamId, saveOrder, type OrderDraft, type OrderFields } from "@procure/domain";
import type { StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../../deps.ts";
import { loadRequest } from "../requests/access.ts";
import { releaseLinkedRequest } from "./release-request.ts";
import type { PoNumberAllocator } from "./po-number-allocator.ts";
import { loadOrder, loadVendor, poNumberHolder, vendorNamed } from "../../commands/streams.ts";

export type OrderInput = { kind: "create" | "replace"; body: SaveOrderBody } | { kind: "patch"; body: PatchOrderBody };

type Draft = Omit<OrderDraft, "po_number"> & { po_number: string | null };

/** The body as the order's fields: missing optional fields are null on create and replace, unchanged on patch. */
function draftOf(input: OrderInput, before: OrderFields | null): Draft {
  if (input.kind === "patch") {
    if (!before) throw notFound("Purchase order not found.");
    return applyPatch<Draft>(before, input.body);
  }
  const b = input.body;
  return {
    po_number: b.po_number ?? null,
    vendor_id: b.vendor_id ?? null,
    vendor_name: b.vendor_name ?? null,
    total: b.total,
    status: b.status,
    request_id: b.request_id ?? null,
    expected_date: b.expected_date ?? null,
    notes: b.notes ?? null,
  };
}

/**
 * Loads what saving an order depends on (the order, the vendor, who holds the PO number, the linked request), lets
 * the decider rule, and returns the appends: the order, the number's reservation and the request's link, in one
 * transaction. A blank number keeps an existing order's number and gets a generated one for a new order.
 */
export async function decideSaveOrder(deps: AppDeps, allocator: PoNumberAllocator, orderId: string, input: OrderInput, now: string) {
  const { state, version } = await loadOrder(deps, orderId);
  if (input.kind !== "create" && (!state.exists || state.deleted)) throw notFound("Purchase order not found.");
  const before = state.exists ? state.fields : null;
  const draft = draftOf(input, before);
  draft.total = Math.round(draft.total * 100) / 100;
  // A typed name that belongs to a registered vendor is that vendor, so its status applies.
  if (!draft.vendor_id && draft.vendor_name) draft.vendor_id = await vendorNamed(deps, draft.vendor_name);
  const vendor = draft.vendor_id ? (await loadVendor(deps, draft.vendor_id)).state : null;
  const typed = draft.po_number ?? before?.po_number ?? null;
  const generated = typed === null;
  const { poNumber, holder } = await choosePoNumber(deps, allocator, typed, orderId, now);
  const request = draft.request_id ? await loadRequest(deps, draft.request_id) : null;

  const events = decideOrRelease(allocator, generated ? poNumber : null, () =>
    saveOrder({ orderId, state, draft: { ...draft, po_number: poNumber }, vendor, numberHolder: holder, request: request?.state ?? null }),
  );
  const appends: StreamAppend[] = [{ streamType: "order", streamId: orderStreamId(orderId), expectedVersion: version, events: events.orderEvents }];
  if (events.reservationEvents.length) {
    appends.push({ streamType: "order", streamId: poNumberStreamId(poNumber), expectedVersion: 0, events: events.reservationEvents });
  }
  if (events.requestEvents.length && request) {
    appends.push({ streamType: "request", streamId: requestStreamId(draft.request_id!), expectedVersion: request.version, events: events.requestEvents });
  }
  if (before?.request_id && before.request_id !== draft.request_id) appends.push(...(await releaseLinkedRequest(deps, orderId, before.request_id)));
  return appends;
}

/** A refused command leaves no gap in the generated numbers. */
function decideOrRelease<T>(allocator: PoNumberAllocator, generated: string | null, decide: () => T): T {
  try {
    return decide();
  } catch (error) {
    if (generated) allocator.release(generated);
    throw error;
  }
}

/** The typed number with whoever holds it, or the first generated number of this year that nobody holds. */
async function choosePoNumber(deps: AppDeps, allocator: PoNumberAllocator, typed: string | null, orderId: string, now: string) {
  if (typed) return { poNumber: typed, holder: await poNumberHolder(deps, typed) };
  const year = now.slice(0, 4);
  for (let attempt = 0; attempt < 50; attempt++) {
    const poNumber = await allocator.candidate(year);
    const holder = await poNumberHolder(deps, poNumber);
    if (holder === null || holder === orderId) return { poNumber, holder };
    allocator.taken(year);
  }
  throw new Error("Could not find a free PO number");
}
