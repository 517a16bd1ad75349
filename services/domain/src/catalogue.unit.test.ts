import { describe, expect, it } from "vitest";
import { categoryBody, catalogueItemBody, type NewEvent } from "@procure/contracts";
import {
  archiveCategory,
  createCategory,
  createItem,
  createPunchoutConnection,
  evolveCategory,
  evolveFeed,
  evolveItem,
  evolvePunchout,
  initialCategoryState,
  initialFeedState,
  initialItemState,
  initialPunchoutState,
  recordFeedImport,
  recordPunchoutTransactions,
  registerFeed,
  skuDecider,
  reviewFeedChanges,
  updateCategory,
  updateItem,
} from "./catalogue.ts";

const id = "00000000-0000-4000-8000-00000000000a";
const parent = "00000000-0000-4000-8000-00000000000b";
const fold = <S>(evolve: (s: S, e: NewEvent) => S, initial: S, events: NewEvent[]) => events.reduce(evolve, initial);

describe("categories", () => {
  const created = createCategory(id, categoryBody.parse({ name: "IT hardware" }));
  const state = fold(evolveCategory, initialCategoryState, created);

  it("saves the whole state, and an update that changes nothing records nothing", () => {
    expect(created[0]?.data).toMatchObject({ category_id: id, name: "IT hardware", preferred_suppliers: [], parent_id: null });
    expect(updateCategory(state, { name: "IT hardware" })).toEqual([]);
    expect(updateCategory(state, { name: "Hardware" })[0]?.data).toMatchObject({ name: "Hardware" });
  });

  it("refuses a parent that is the category itself or one of its subcategories", () => {
    expect(() => updateCategory(state, { parent_id: parent }, [parent, id])).toThrow(/cannot sit under itself/);
    expect(updateCategory(state, { parent_id: parent }, [parent])).toHaveLength(1);
  });

  it("archives once; an archived category cannot be changed", () => {
    const archived = fold(evolveCategory, state, archiveCategory(state));
    expect(() => archiveCategory(archived)).toThrow(/not found/);
    expect(() => updateCategory(archived, { name: "x" })).toThrow(/not found/);
  });
});

describe("catalogue items: draft → review → published", () => {
  const body = catalogueItemBody.parse({ category_id: parent, name: "Laptop", sku: "IT-1", base_price: 100 });
  const draft = fold(evolveItem, initialItemState, createItem(id, body));

  it("starts as draft or review, never published", () => {
    expect(() => createItem(id, { ...body, status: "published" })).toThrow(/start as draft or review/);
  });

  it("publishes only after review, and can retire and reinstate", () => {
    expect(() => updateItem(draft, { status: "published" })).toThrow(/only after review/);
    const review = fold(evolveItem, draft, updateItem(draft, { status: "review" }));
    const published = fold(evolveItem, review, updateItem(review, { status: "published" }));
    expect(published.exists && published.data.status).toBe("published");
    const retired = fold(evolveItem, published, updateItem(published, { status: "retired" }));
    expect(() => updateItem(retired, { status: "published" })).toThrow();
    expect(updateItem(retired, { status: "draft" })).toHaveLength(1);
  });
});

describe("vendor feeds", () => {
  const feed = fold(
    evolveFeed,
    initialFeedState,
    registerFeed(id, { feed_name: "F", supplier: "S", format: "csv", category_id: parent, refresh_interval_days: 7, change_log_url: null }),
  );
  const ok = { outcome: "succeeded", pending_changes: 3, price_variance_alerts: 1, requires_finance_review: false } as const;

  it("stages an import's changes for review, and a review clears them", () => {
    expect(() => reviewFeedChanges(feed)).toThrow(/No changes/);
    const imported = fold(evolveFeed, feed, recordFeedImport(feed, ok));
    const reviewed = fold(evolveFeed, imported, reviewFeedChanges(imported));
    expect(reviewed).toMatchObject({ pendingChanges: 0, financeReview: false });
  });

  it("records a failed import as staging nothing", () => {
    const [event] = recordFeedImport(feed, { ...ok, outcome: "failed" });
    expect(event?.data).toMatchObject({ outcome: "failed", pending_changes: 0, price_variance_alerts: 0 });
  });
});

describe("PunchOut connections", () => {
  const body = {
    supplier: "S",
    protocol: "cxml",
    category_id: parent,
    coverage_scope: "All",
    status: "connected",
    sso_status: "enabled",
    notes: null,
  } as const;
  it("records cart reports on live connections only", () => {
    const live = fold(evolvePunchout, initialPunchoutState, createPunchoutConnection(id, body));
    expect(recordPunchoutTransactions(live, 10, 9)[0]?.data).toEqual({ connection_id: id, carts: 10, successful_carts: 9 });
    expect(() => recordPunchoutTransactions(live, 0, 0)).toThrow(/at least one cart/);
    const disabled = fold(evolvePunchout, initialPunchoutState, createPunchoutConnection(id, { ...body, status: "disabled" }));
    expect(() => recordPunchoutTransactions(disabled, 1, 1)).toThrow(/disabled/);
    expect(() => recordPunchoutTransactions(initialPunchoutState, 1, 1)).toThrow(/not found/);
  });
});

describe("SKU reservations", () => {
  const first = "00000000-0000-4000-8000-000000000001";
  const second = "00000000-0000-4000-8000-000000000002";
  const decide = (events: NewEvent[], command: Parameters<typeof skuDecider.decide>[1]) =>
    skuDecider.decide(events.reduce(skuDecider.evolve, skuDecider.initialState), command, { actor: null, now: "2026-01-01T00:00:00Z", id: command.item_id });

  it("hold a SKU for one item until that item releases it", () => {
    const reserved = decide([], { type: "ReserveSku", sku: "A-1", item_id: first });
    expect(reserved).toEqual([{ type: "SkuReserved", data: { sku: "A-1", item_id: first } }]);
    expect(() => decide(reserved, { type: "ReserveSku", sku: "a-1", item_id: second })).toThrow(/already in the catalogue/);
    expect(decide(reserved, { type: "ReserveSku", sku: "A-1", item_id: first })).toEqual([]);
    expect(decide(reserved, { type: "ReleaseSku", sku: "A-1", item_id: second })).toEqual([]);
    const released = [...reserved, ...decide(reserved, { type: "ReleaseSku", sku: "A-1", item_id: first })];
    expect(decide(released, { type: "ReserveSku", sku: "A-1", item_id: second })).toHaveLength(1);
  });
});
