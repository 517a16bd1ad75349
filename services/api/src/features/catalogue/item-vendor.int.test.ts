import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { catalogueOverview, categorySummary, overviewItem, vendor } from "@procure/contracts";
import { answer, caller, failure, useTestApp } from "@procure/infra/testing/catalogue-kit";

const ctx = useTestApp("catalogue_item_vendor");
const call = caller(ctx);

describe("a catalogue item's supplier", () => {
  it("is a vendor linked by id: the overview names it, a request can name it, an unknown id is refused", async () => {
    const supplier = answer(await call("POST", "/api/vendors", "buyer", { name: "Linked Paper Co" }), 201, vendor);
    const category = answer(await call("POST", "/api/categories", "buyer", { name: "Paper" }), 201, categorySummary);
    const base = { category_id: category.id, name: "Copy paper", sku: "LP-A4", base_price: 30 };

    const item = answer(await call("POST", "/api/catalogue/items", "buyer", { ...base, vendor_id: supplier.id }), 201, overviewItem);
    expect(item).toMatchObject({ vendorId: supplier.id, preferredSupplier: "Linked Paper Co" });
    const listed = answer(await call("GET", "/api/catalogue/overview", "requester"), 200, catalogueOverview).items.find((i) => i.id === item.id);
    expect(listed).toMatchObject({ vendorId: supplier.id, preferredSupplier: "Linked Paper Co" });
    // What "Request this item" sends: the vendor's id is one the request accepts.
    const request = await call("POST", "/api/requests", "requester", { title: item.name, amount: 30, category_id: category.id, vendor_id: item.vendorId });
    expect(request.statusCode, request.body).toBe(201);
    expect(request.json()).toMatchObject({ vendor_id: supplier.id, vendor_name: "Linked Paper Co" });

    const unlinked = answer(await call("PATCH", `/api/catalogue/items/${item.id}`, "buyer", { vendor_id: null }), 200, overviewItem);
    expect(unlinked).toMatchObject({ vendorId: null, preferredSupplier: null });

    expect(failure(await call("POST", "/api/catalogue/items", "buyer", { ...base, sku: "LP-A3", vendor_id: randomUUID() }), 400)).toBe(
      "Choose a vendor from the list.",
    );
    expect((await call("PATCH", `/api/catalogue/items/${item.id}`, "buyer", { vendor_id: "not-an-id" })).statusCode).toBe(400);
  });

  it("keeps an item saved before suppliers were vendors readable: its event has no vendor, its free text shows", async () => {
    const category = answer(await call("POST", "/api/categories", "buyer", { name: "Legacy" }), 201, categorySummary);
    const id = randomUUID();
    // As such an item's event was written then: no vendor_id at all.
    const saved = {
      item_id: id,
      category_id: category.id,
      name: "Old stapler",
      sku: "LG-STP",
      unit_of_measure: "each",
      contract_number: null,
      preferred_supplier: "Someone we once used",
      base_price: 12,
      currency: "USD",
      pricing_tiers: [],
      status: "published" as const,
      coverage_notes: null,
    };
    const metadata = { actor_id: null, actor_role: null, correlation_id: randomUUID(), causation_id: null };
    await ctx.t.runtime.store.append(
      [{ streamType: "catalogue", streamId: `catalogue-item-${id}`, expectedVersion: 0, events: [{ type: "CatalogueItemSaved", data: saved }] }],
      { metadata, recordedAt: new Date().toISOString() },
    );
    const listed = async () => answer(await call("GET", "/api/catalogue/overview", "requester"), 200, catalogueOverview).items.find((i) => i.id === id);
    await expect.poll(listed).toMatchObject({ vendorId: null, preferredSupplier: "Someone we once used" });
  });
});
