import type {
  CatalogueItemBody,
  CategoryBody,
  CategoryCommand,
  EventData,
  FeedCommand,
  FeedImportBody,
  ItemCommand,
  NewEvent,
  PunchoutCommand,
  PunchoutConnectionBody,
  SkuCommand,
  StoredEvent,
  VendorFeedBody,
} from "@procure/contracts";
import { amountTooLarge, skuKey } from "@procure/contracts";
import { conflict, invalid, notFound } from "./domain-error.ts";
import { requireAmountWithinMax } from "./amount-bounds.ts";
import type { StreamDecider } from "./stream-decider.ts";

/** Applies the fields a PATCH named (undefined means "not mentioned") over the current state. */
export function applyPatch<T extends object>(current: T, patch: { [K in keyof T]?: T[K] | undefined }): T {
  const next = { ...current };
  for (const key of Object.keys(patch) as (keyof T)[]) {
    if (patch[key] !== undefined) next[key] = patch[key] as T[keyof T];
  }
  return next;
}

/** Saved events carry whole states; two states are the same when their JSON is. */
export function sameData(a: object, b: object): boolean {
  const canonical = (v: object) => JSON.stringify(v, Object.keys(v).sort());
  return canonical(a) === canonical(b);
}

type Patch<T> = { [K in keyof T]?: T[K] | undefined };
type Saved<D> = { exists: false } | { exists: true; archived: boolean; data: D };
const initial = { exists: false } as const;

// ---- categories ----

type CategoryData = EventData<"CategorySaved">;
export type CategoryState = Saved<CategoryData>;
export const initialCategoryState: CategoryState = initial;
export const categoryStreamId = (id: string) => `category-${id}`;

export function evolveCategory(state: CategoryState, event: StoredEvent | NewEvent): CategoryState {
  if (event.type === "CategorySaved") return { exists: true, archived: false, data: event.data };
  if (event.type === "CategoryArchived" && state.exists) return { ...state, archived: true };
  return state;
}

function requireCategory(state: CategoryState) {
  if (!state.exists || state.archived) throw notFound("Category not found.");
  return state;
}

/** `parentLineage`: the chosen parent and its ancestors, so a category cannot become its own ancestor. */
function checkedCategory(data: CategoryData, parentLineage: readonly string[]): CategoryData {
  if (data.parent_id && parentLineage.includes(data.category_id)) throw invalid("A category cannot sit under itself or one of its subcategories.");
  return data;
}

export function createCategory(id: string, body: CategoryBody, parentLineage: readonly string[] = []): NewEvent[] {
  return [{ type: "CategorySaved", data: checkedCategory({ category_id: id, ...body }, parentLineage) }];
}

export function updateCategory(state: CategoryState, patch: Patch<CategoryBody>, parentLineage: readonly string[] = []): NewEvent[] {
  const { data } = requireCategory(state);
  const next = checkedCategory(applyPatch(data, patch), parentLineage);
  return sameData(data, next) ? [] : [{ type: "CategorySaved", data: next }];
}

export function archiveCategory(state: CategoryState): NewEvent[] {
  const { data } = requireCategory(state);
  return [{ type: "CategoryArchived", data: { category_id: data.category_id } }];
}

// ---- catalogue items: draft → review → published, retired from anywhere ----

type ItemData = EventData<"CatalogueItemSaved">;
type ItemStatus = ItemData["status"];
export type ItemState = Saved<ItemData>;
export const initialItemState: ItemState = initial;
export const catalogueItemStreamId = (id: string) => `catalogue-item-${id}`;

const itemTransitions: Record<ItemStatus, readonly ItemStatus[]> = {
  draft: ["draft", "review", "retired"],
  review: ["review", "draft", "published", "retired"],
  published: ["published", "review", "retired"],
  retired: ["retired", "draft"],
};

export function evolveItem(state: ItemState, event: StoredEvent | NewEvent): ItemState {
  return event.type === "CatalogueItemSaved" ? { exists: true, archived: false, data: event.data } : state;
}

/** An item's prices (its base price and each volume tier's unit price) within the amount rule. */
function requirePricesWithinMax(item: Pick<CatalogueItemBody, "base_price" | "pricing_tiers">) {
  for (const price of [item.base_price, ...item.pricing_tiers.map((tier) => tier.unit_price)]) requireAmountWithinMax(price, amountTooLarge);
}

export function createItem(id: string, body: CatalogueItemBody): NewEvent[] {
  if (body.status !== "draft" && body.status !== "review") throw invalid("New items start as draft or review; publish them after review.");
  requirePricesWithinMax(body);
  return [{ type: "CatalogueItemSaved", data: { item_id: id, ...body } }];
}

export function updateItem(state: ItemState, patch: Patch<CatalogueItemBody>): NewEvent[] {
  if (!state.exists) throw notFound("Catalogue item not found.");
  const next = applyPatch(state.data, patch);
  requirePricesWithinMax(next);
  if (!itemTransitions[state.data.status].includes(next.status)) {
    throw invalid(`A ${state.data.status} item cannot move to ${next.status}; items are published only after review.`);
  }
  return sameData(state.data, next) ? [] : [{ type: "CatalogueItemSaved", data: next }];
}

// ---- vendor-managed feeds ----

export type FeedState = { exists: false } | { exists: true; id: string; pendingChanges: number; financeReview: boolean };
export const initialFeedState: FeedState = initial;
export const vendorFeedStreamId = (id: string) => `catalogue-feed-${id}`;

export function evolveFeed(state: FeedState, event: StoredEvent | NewEvent): FeedState {
  if (event.type === "VendorFeedRegistered") return { exists: true, id: event.data.feed_id, pendingChanges: 0, financeReview: false };
  if (!state.exists) return state;
  if (event.type === "VendorFeedImported" && event.data.outcome === "succeeded") {
    return { ...state, pendingChanges: event.data.pending_changes, financeReview: event.data.requires_finance_review };
  }
  if (event.type === "VendorFeedChangesReviewed") return { ...state, pendingChanges: 0, financeReview: false };
  return state;
}

export function registerFeed(id: string, body: VendorFeedBody): NewEvent[] {
  return [{ type: "VendorFeedRegistered", data: { feed_id: id, ...body } }];
}

/** A failed import stages nothing: what the last good import staged stays waiting for review. */
export function recordFeedImport(state: FeedState, body: FeedImportBody): NewEvent[] {
  if (!state.exists) throw notFound("Vendor feed not found.");
  const failed = body.outcome === "failed";
  const data = failed ? { ...body, pending_changes: 0, price_variance_alerts: 0, requires_finance_review: false } : body;
  return [{ type: "VendorFeedImported", data: { feed_id: state.id, ...data } }];
}

export function reviewFeedChanges(state: FeedState): NewEvent[] {
  if (!state.exists) throw notFound("Vendor feed not found.");
  if (state.pendingChanges === 0 && !state.financeReview) throw conflict("No changes from this feed are waiting for review.");
  return [{ type: "VendorFeedChangesReviewed", data: { feed_id: state.id } }];
}

// ---- PunchOut connections ----

type ConnectionData = EventData<"PunchoutConnectionSaved">;
export type PunchoutState = Saved<ConnectionData>;
export const initialPunchoutState: PunchoutState = initial;
export const punchoutStreamId = (id: string) => `catalogue-punchout-${id}`;

export function evolvePunchout(state: PunchoutState, event: StoredEvent | NewEvent): PunchoutState {
  return event.type === "PunchoutConnectionSaved" ? { exists: true, archived: false, data: event.data } : state;
}

export function createPunchoutConnection(id: string, body: PunchoutConnectionBody): NewEvent[] {
  return [{ type: "PunchoutConnectionSaved", data: { connection_id: id, ...body } }];
}

export function updatePunchoutConnection(state: PunchoutState, patch: Patch<PunchoutConnectionBody>): NewEvent[] {
  if (!state.exists) throw notFound("PunchOut connection not found.");
  const next = applyPatch(state.data, patch);
  return sameData(state.data, next) ? [] : [{ type: "PunchoutConnectionSaved", data: next }];
}

export function recordPunchoutTransactions(state: PunchoutState, carts: number, successful: number): NewEvent[] {
  if (!state.exists) throw notFound("PunchOut connection not found.");
  if (carts < 1) throw invalid("Report at least one cart.");
  if (state.data.status === "disabled") throw conflict("This PunchOut connection is disabled.");
  return [{ type: "PunchoutTransactionsRecorded", data: { connection_id: state.data.connection_id, carts, successful_carts: successful } }];
}

export const categoryDecider: StreamDecider<CategoryState, CategoryCommand> = {
  streamType: "category",
  streamId: categoryStreamId,
  initialState: initialCategoryState,
  evolve: evolveCategory,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "CreateCategory":
        return createCategory(id, command.category, command.parent_lineage);
      case "UpdateCategory":
        return updateCategory(state, command.changes, command.parent_lineage);
      case "ArchiveCategory":
        return archiveCategory(state);
    }
  },
};

export const itemDecider: StreamDecider<ItemState, ItemCommand> = {
  streamType: "catalogue",
  streamId: catalogueItemStreamId,
  initialState: initialItemState,
  evolve: evolveItem,
  decide: (state, command, { id }) => (command.type === "CreateItem" ? createItem(id, command.item) : updateItem(state, command.changes)),
};

/** The item holding a SKU, or null while it is free. */
export type SkuState = { holder: string | null };
export const skuStreamId = (sku: string) => `catalogue-sku-${skuKey(sku)}`;

function evolveSku(state: SkuState, event: StoredEvent | NewEvent): SkuState {
  if (event.type === "SkuReserved") return { holder: event.data.item_id };
  if (event.type === "SkuReleased" && state.holder === event.data.item_id) return { holder: null };
  return state;
}

/** An item takes a SKU when it is created with it or changes to it, and frees its old one when it changes away. */
export const skuDecider: StreamDecider<SkuState, SkuCommand> = {
  streamType: "catalogue",
  streamId: skuStreamId,
  initialState: { holder: null },
  evolve: evolveSku,
  decide: (state, { type, sku, item_id }) => {
    if (type === "ReleaseSku") return state.holder === item_id ? [{ type: "SkuReleased", data: { sku, item_id } }] : [];
    if (state.holder === item_id) return [];
    if (state.holder !== null) throw conflict(skuTakenMessage(sku));
    return [{ type: "SkuReserved", data: { sku, item_id } }];
  },
};

export const skuTakenMessage = (sku: string) => `SKU ${sku} is already in the catalogue.`;

export const feedDecider: StreamDecider<FeedState, FeedCommand> = {
  streamType: "catalogue",
  streamId: vendorFeedStreamId,
  initialState: initialFeedState,
  evolve: evolveFeed,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "RegisterFeed":
        return registerFeed(id, command.feed);
      case "RecordFeedImport":
        return recordFeedImport(state, command.import);
      case "ReviewFeedChanges":
        return reviewFeedChanges(state);
    }
  },
};

export const punchoutDecider: StreamDecider<PunchoutState, PunchoutCommand> = {
  streamType: "catalogue",
  streamId: punchoutStreamId,
  initialState: initialPunchoutState,
  evolve: evolvePunchout,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "CreatePunchoutConnection":
        return createPunchoutConnection(id, command.connection);
      case "UpdatePunchoutConnection":
        return updatePunchoutConnection(state, command.changes);
      case "RecordPunchoutTransactions":
        return recordPunchoutTransactions(state, command.carts, command.successful);
    }
  },
};
