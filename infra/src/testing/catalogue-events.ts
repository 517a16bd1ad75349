import { randomUUID } from "node:crypto";
import type { NewEvent, StreamType } from "@procure/contracts";
import type { TestApp } from "./test-app.ts";

/**
 * Appends catalogue events straight to the log (the catalogue's own routes are another feature's): the dashboard
 * reads them through contracts/catalogue-events.ts alone. Waits until the projections have them.
 */
export async function appendEvents(t: TestApp, streamType: StreamType, streamId: string, events: NewEvent[]) {
  const existing = await t.runtime.store.readStream(streamId);
  const metadata = { actor_id: null, actor_role: null, actor_email: null, correlation_id: randomUUID(), causation_id: null };
  const result = await t.runtime.store.append([{ streamType, streamId, expectedVersion: existing.length, events }], {
    metadata,
    recordedAt: new Date().toISOString(),
  });
  if (!(await t.runtime.progress.waitFor(result.position, 10_000))) throw new Error("The projections did not reach the appended events in time.");
}

export const category = (id: string, name: string): NewEvent => ({
  type: "CategorySaved",
  data: {
    category_id: id,
    name,
    parent_id: null,
    contract_number: null,
    preferred_suppliers: [],
    coverage: [],
    units_of_measure: ["each"],
    requires_finance_review: false,
  },
});

export const item = (id: string, categoryId: string, status: "draft" | "published" | "retired" = "published"): NewEvent => ({
  type: "CatalogueItemSaved",
  data: {
    item_id: id,
    category_id: categoryId,
    name: `Item ${id.slice(0, 4)}`,
    sku: `SKU-${id.slice(0, 8)}`,
    unit_of_measure: "each",
    contract_number: null,
    preferred_supplier: null,
    base_price: 10,
    currency: "USD",
    pricing_tiers: [],
    status,
    coverage_notes: null,
  },
});

export const punchout = (id: string, categoryId: string, status: "connected" | "testing" | "action-required" | "disabled"): NewEvent => ({
  type: "PunchoutConnectionSaved",
  data: {
    connection_id: id,
    supplier: "Supplier",
    protocol: "cxml",
    category_id: categoryId,
    coverage_scope: "All sites",
    status,
    sso_status: "enabled",
    notes: null,
  },
});
