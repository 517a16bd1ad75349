import { sql, type Kysely } from "kysely";
import type { StoredEvent } from "@procure/contracts";
import type { ApplyContext } from "../projection.ts";
import type { Database } from "../tables.ts";
import { inArray, insertRows, keysToLoad, write, type ColumnTypes } from "../batch.ts";
import type { BudgetOrdersRow, BudgetRequestsRow } from "./tables.ts";

const requestTypes: ColumnTypes<BudgetRequestsRow> = { request_id: "uuid", category_id: "uuid", amount: "numeric", approved_on: "date", order_id: "uuid" };
const orderTypes: ColumnTypes<BudgetOrdersRow> = { order_id: "uuid", request_id: "uuid", created_on: "date", total: "numeric", cancelled: "boolean" };

export const requestEventTypes = [
  "RequestCreated",
  "RequestEdited",
  "RequestResubmitted",
  "RequestApproved",
  "RequestLinkedToOrder",
  "RequestUnlinkedFromOrder",
] as const;
export const orderEventTypes = ["PurchaseOrderSaved", "PurchaseOrderDeleted"] as const;

type RequestEvent = StoredEvent<(typeof requestEventTypes)[number]>;
type OrderEvent = StoredEvent<(typeof orderEventTypes)[number]>;
const isRequestEvent = (e: StoredEvent): e is RequestEvent => (requestEventTypes as readonly string[]).includes(e.type);
const isOrderEvent = (e: StoredEvent): e is OrderEvent => (orderEventTypes as readonly string[]).includes(e.type);

/** The UTC day an event was recorded: the day it counts in. */
export const dayOf = (event: StoredEvent) => event.recorded_at.slice(0, 10);

/** A request's row after one event; a request the projection never saw created stays unknown. */
function nextRequest(row: BudgetRequestsRow | undefined, event: RequestEvent): BudgetRequestsRow | undefined {
  const d = event.data;
  switch (event.type) {
    case "RequestCreated":
    case "RequestEdited":
    case "RequestResubmitted": {
      // Only pending requests change their details: none of these can touch an approved one's figures.
      const details = { category_id: event.data.category_id, amount: event.data.amount };
      return row ? { ...row, ...details } : { request_id: d.request_id, ...details, approved_on: null, order_id: null };
    }
    case "RequestApproved":
      return row && { ...row, approved_on: dayOf(event) };
    case "RequestLinkedToOrder":
      return row && { ...row, order_id: event.data.order_id };
    case "RequestUnlinkedFromOrder":
      return row && row.order_id === event.data.order_id ? { ...row, order_id: null } : row;
  }
}

/** An order's row after one event; null once deleted. */
function nextOrder(row: BudgetOrdersRow | null | undefined, event: OrderEvent): BudgetOrdersRow | null {
  if (event.type === "PurchaseOrderDeleted") return null;
  const d = event.data;
  const fields = { request_id: d.request_id, total: d.total, cancelled: d.status === "cancelled" };
  return row ? { ...row, ...fields } : { order_id: d.order_id, ...fields, created_on: dayOf(event) };
}

/**
 * What budgets count, a batch at a time: each request's category, amount, approval day and order, and each order's
 * total and whether it was cancelled. Rows are loaded once, folded in memory and written with one statement per table.
 * Returns whether any figure may have changed (a request's details alone change none until it is approved).
 */
export async function applySpend(db: Kysely<Database>, events: readonly StoredEvent[], context?: ApplyContext): Promise<boolean> {
  const requestEvents = events.filter(isRequestEvent);
  const orderEvents = events.filter(isOrderEvent);
  const requestIds = keysToLoad(requestEvents, (e) => e.data.request_id, context);
  const orderIds = keysToLoad(orderEvents, (e) => e.data.order_id, context);
  const [storedRequests, storedOrders] = await Promise.all([
    requestIds.length
      ? sql<BudgetRequestsRow>`select request_id::text, category_id::text, amount::float8 as amount, approved_on::text, order_id::text
          from rm_budget_requests where ${inArray("request_id", requestIds)}`.execute(db)
      : { rows: [] },
    orderIds.length
      ? sql<BudgetOrdersRow>`select order_id::text, request_id::text, created_on::text, total::float8 as total, cancelled
          from rm_budget_orders where ${inArray("order_id", orderIds)}`.execute(db)
      : { rows: [] },
  ]);
  const requests = new Map(storedRequests.rows.map((row) => [row.request_id, row]));
  const orders = new Map<string, BudgetOrdersRow | null>(storedOrders.rows.map((row) => [row.order_id, row]));
  const loadedRequests = new Set(requests.keys());
  const loadedOrders = new Set(orders.keys());
  const changedRequests = new Set<string>();
  for (const event of requestEvents) {
    const next = nextRequest(requests.get(event.data.request_id), event);
    if (!next) continue;
    requests.set(next.request_id, next);
    changedRequests.add(next.request_id);
  }
  for (const event of orderEvents) orders.set(event.data.order_id, nextOrder(orders.get(event.data.order_id), event));

  await insertRows(
    db,
    "rm_budget_requests",
    requestTypes,
    [...changedRequests].map((id) => requests.get(id)!),
    sql`on conflict (request_id) do update set category_id = excluded.category_id, amount = excluded.amount,
      approved_on = excluded.approved_on, order_id = excluded.order_id`,
    context,
    (row) => !loadedRequests.has(row.request_id),
  );
  const saved = [...orders.values()].filter((row): row is BudgetOrdersRow => row !== null);
  const touchedOrders = new Set(orderEvents.map((e) => e.data.order_id));
  await insertRows(
    db,
    "rm_budget_orders",
    orderTypes,
    saved.filter((row) => touchedOrders.has(row.order_id)),
    sql`on conflict (order_id) do update set request_id = excluded.request_id, total = excluded.total, cancelled = excluded.cancelled`,
    context,
    (row) => !loadedOrders.has(row.order_id),
  );
  const deleted = [...orders].filter(([, row]) => row === null).map(([id]) => id);
  if (deleted.length > 0) await write(db, "rm_budget_orders", sql`delete from rm_budget_orders where ${inArray("order_id", deleted)}`, context);
  return orderEvents.length > 0 || requestEvents.some((e) => !["RequestCreated", "RequestEdited", "RequestResubmitted"].includes(e.type));
}
