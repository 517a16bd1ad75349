import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogueOverview, catalogueWriterRoles, categorySummary, overviewFeed, overviewItem, overviewPunchout, roles } from "@procure/contracts";
import { answer, caller, failure, otherRoles, useTestApp } from "@procure/infra/testing/catalogue-kit";

const ctx = useTestApp("catalogue");
const call = caller(ctx);
const newCategory = async (body: object) => answer(await call("POST", "/api/categories", "buyer", body), 201, categorySummary);
const overview = async () => answer(await call("GET", "/api/catalogue/overview", "requester"), 200, catalogueOverview);

describe("categories", () => {
  it("creates, renames, nests and archives categories; every role reads the list with item counts", async () => {
    const hardware = await newCategory({ name: " Hardware ", coverage: [{ business_unit: "Sales", level: "full" }] });
    expect(hardware).toMatchObject({ name: "Hardware", item_count: 0, parent_id: null, archived: false });
    const laptops = await newCategory({ name: "Laptops", parent_id: hardware.id });
    expect(laptops.parent_id).toBe(hardware.id);
    expect(answer(await call("PATCH", `/api/categories/${hardware.id}`, "admin", { name: "IT hardware" }), 200, categorySummary).name).toBe("IT hardware");
    expect(failure(await call("PATCH", `/api/categories/${hardware.id}`, "buyer", { parent_id: laptops.id }), 400)).toMatch(/itself/);

    for (const role of roles) {
      const list = answer(await call("GET", "/api/categories", role), 200, z.array(categorySummary));
      expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(["IT hardware", "Laptops"]));
    }

    const old = await newCategory({ name: "Old stock" });
    expect((await call("DELETE", `/api/categories/${old.id}`, "buyer")).statusCode).toBe(204);
    const live = answer(await call("GET", "/api/categories", "requester"), 200, z.array(categorySummary));
    expect(live.map((c) => c.id)).not.toContain(old.id);
    const all = answer(await call("GET", "/api/categories?include_archived=true", "requester"), 200, z.array(categorySummary));
    expect(all.find((c) => c.id === old.id)?.archived).toBe(true);
    failure(await call("DELETE", `/api/categories/${old.id}`, "buyer"), 404);
    expect(failure(await call("POST", "/api/requests", "requester", { title: "x", amount: 1, category_id: old.id }), 400)).toMatch(/category/);
    const request = await call("POST", "/api/requests", "requester", { title: "Laptop", amount: 10, category_id: laptops.id });
    expect(request.json().category_name).toBe("Laptops");
  });
});

describe("catalogue items, feeds and PunchOut feed the overview", () => {
  it("takes items through draft → review → published and refuses a taken SKU", async () => {
    const category = await newCategory({ name: "Office supplies", units_of_measure: ["box"] });
    const body = {
      category_id: category.id,
      name: "Copy paper",
      sku: "OS-1",
      base_price: 32.5,
      unit_of_measure: "box",
      pricing_tiers: [{ min_quantity: 10, unit_price: 30 }],
    };
    const item = answer(await call("POST", "/api/catalogue/items", "buyer", body), 201, overviewItem);
    expect(item).toMatchObject({
      status: "draft",
      categoryName: "Office supplies",
      currency: "USD",
      lastReviewedAt: null,
      pricingTiers: [{ minQuantity: 10, unitPrice: 30 }],
    });
    expect(failure(await call("POST", "/api/catalogue/items", "buyer", { ...body, sku: "os-1" }), 409)).toMatch(/SKU/);
    failure(await call("PATCH", `/api/catalogue/items/${item.id}`, "buyer", { status: "published" }), 400);
    answer(await call("PATCH", `/api/catalogue/items/${item.id}`, "buyer", { status: "review" }), 200, overviewItem);
    const published = answer(await call("PATCH", `/api/catalogue/items/${item.id}`, "admin", { status: "published" }), 200, overviewItem);
    expect(published.lastReviewedAt).not.toBeNull();
    failure(await call("PATCH", `/api/catalogue/items/${crypto.randomUUID()}`, "buyer", { status: "review" }), 404);
    failure(await call("POST", "/api/catalogue/items", "buyer", { ...body, sku: "OS-2", category_id: crypto.randomUUID() }), 400);

    const summary = answer(await call("GET", "/api/categories", "approver"), 200, z.array(categorySummary)).find((c) => c.id === category.id);
    expect(summary).toMatchObject({ item_count: 1, active_item_count: 1 });
  });

  it("gives a SKU to exactly one of many items saved with it at once, and frees a SKU its item changed away from", async () => {
    const category = await newCategory({ name: "Racing SKUs" });
    const body = { category_id: category.id, name: "Stapler", sku: "RACE-1", base_price: 9, unit_of_measure: "each" };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call("POST", "/api/catalogue/items", "buyer", { ...body, name: `Stapler ${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    const winner = answer(
      answers.find((a) => a.statusCode === 201)!,
      201,
      overviewItem,
    );

    const other = answer(await call("POST", "/api/catalogue/items", "buyer", { ...body, sku: "RACE-2" }), 201, overviewItem);
    expect(failure(await call("PATCH", `/api/catalogue/items/${other.id}`, "buyer", { sku: " race-1 " }), 409)).toMatch(/SKU/);
    answer(await call("PATCH", `/api/catalogue/items/${winner.id}`, "buyer", { sku: "RACE-3" }), 200, overviewItem);
    expect(answer(await call("PATCH", `/api/catalogue/items/${other.id}`, "buyer", { sku: "RACE-1" }), 200, overviewItem).sku).toBe("RACE-1");
    expect(failure(await call("POST", "/api/catalogue/items", "buyer", { ...body, sku: "race-3" }), 409)).toMatch(/SKU/);
    // Saving an item with the SKU it already holds is no change of holder.
    answer(await call("PATCH", `/api/catalogue/items/${winner.id}`, "buyer", { sku: "RACE-3", name: "Heavy stapler" }), 200, overviewItem);
  });

  it("computes the overview from feeds, imports, reviews, connections and cart reports", async () => {
    const category = await newCategory({ name: "Furniture", coverage: [{ business_unit: "Ops", level: "partial" }], requires_finance_review: true });
    const feed = answer(
      await call("POST", "/api/catalogue/feeds", "buyer", {
        feed_name: "Desks",
        supplier: "Ergoform",
        format: "csv",
        category_id: category.id,
        change_log_url: "",
      }),
      201,
      overviewFeed,
    );
    expect(feed).toMatchObject({ status: "awaiting-import", changeLogUrl: null, lastImportedAt: null });
    const imported = answer(
      await call("POST", `/api/catalogue/feeds/${feed.id}/imports`, "buyer", { pending_changes: 4, price_variance_alerts: 1 }),
      200,
      overviewFeed,
    );
    expect(imported).toMatchObject({ status: "review-required", pendingChanges: 4 });
    const connection = answer(
      await call("POST", "/api/catalogue/punchout-connections", "buyer", {
        supplier: "Ergoform",
        protocol: "cxml",
        category_id: category.id,
        coverage_scope: "Desks",
        status: "connected",
        sso_status: "enabled",
      }),
      201,
      overviewPunchout,
    );
    answer(
      await call("POST", `/api/catalogue/punchout-connections/${connection.id}/transactions`, "buyer", { carts: 10, successful_carts: 8 }),
      200,
      overviewPunchout,
    );
    failure(await call("POST", `/api/catalogue/punchout-connections/${connection.id}/transactions`, "buyer", { carts: 1, successful_carts: 2 }), 400);

    let view = await overview();
    const furniture = view.categories.find((c) => c.id === category.id)!;
    expect(furniture).toMatchObject({ pendingChanges: 4, requiresFinanceReview: true, punchoutStatus: { healthy: 0, total: 1 }, coverageScore: 50 });
    expect(view.punchoutConnections.find((c) => c.id === connection.id)?.cartSuccessRate).toBe(0.8);
    expect(view.analytics.priceVarianceAlerts).toBe(1);
    expect(view.analytics.connectorsNeedingAttention).toBe(1);
    expect(view.summary.feedsRequiringReview).toBe(1);

    answer(await call("POST", `/api/catalogue/feeds/${feed.id}/review`, "admin"), 200, overviewFeed);
    failure(await call("POST", `/api/catalogue/feeds/${feed.id}/review`, "admin"), 409);
    answer(await call("PATCH", `/api/catalogue/punchout-connections/${connection.id}`, "buyer", { notes: "Renewed" }), 200, overviewPunchout);
    view = await overview();
    expect(view.summary.feedsRequiringReview).toBe(0);
    expect(view.punchoutConnections.find((c) => c.id === connection.id)?.notes).toBe("Renewed");
  });
});

describe("catalogue permissions", () => {
  it("lets only buyers and admins curate (403 with the error shape for the rest, 401 signed out)", async () => {
    const category = await newCategory({ name: "Guarded" });
    const id = crypto.randomUUID();
    const writes: [string, string, object][] = [
      ["POST", "/api/categories", { name: "Nope" }],
      ["PATCH", `/api/categories/${category.id}`, { name: "Nope" }],
      ["DELETE", `/api/categories/${category.id}`, {}],
      ["POST", "/api/catalogue/items", { category_id: category.id, name: "n", sku: "s", base_price: 1 }],
      ["PATCH", `/api/catalogue/items/${id}`, { name: "n" }],
      ["POST", "/api/catalogue/feeds", { feed_name: "f", supplier: "s", format: "csv", category_id: category.id }],
      ["POST", `/api/catalogue/feeds/${id}/imports`, {}],
      ["POST", `/api/catalogue/feeds/${id}/review`, {}],
      ["POST", "/api/catalogue/punchout-connections", { supplier: "s", protocol: "oci", category_id: category.id, coverage_scope: "c" }],
      ["PATCH", `/api/catalogue/punchout-connections/${id}`, { notes: "n" }],
      ["POST", `/api/catalogue/punchout-connections/${id}/transactions`, { carts: 1, successful_carts: 1 }],
    ];
    for (const role of otherRoles(catalogueWriterRoles)) {
      for (const [method, url, body] of writes) failure(await call(method, url, role, method === "DELETE" ? undefined : body), 403);
    }
    for (const url of ["/api/categories", "/api/catalogue/overview"]) failure(await call("GET", url, null), 401);
    for (const [method, url, body] of writes.slice(0, 2)) failure(await call(method, url, null, body), 401);
  });
});
