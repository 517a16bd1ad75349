import { sql, type Kysely } from "kysely";
import type { Role, StoredEvent } from "@procure/contracts";
import type { Database } from "../tables.ts";
import type { ApplyContext } from "../projection.ts";
import { inArray, insertRows, keysToLoad } from "../batch.ts";

/** A request as the inbox follows it: who asked, its route, the stage that waits, its order. */
export type FollowedRequest = {
  request_id: string;
  requester_id: string;
  title: string;
  status: string;
  route: Role[];
  stage_index: number | null;
  order_id: string | null;
  version: number;
};
export type FollowedOrder = { order_id: string; title: string; status: string; version: number };

/** The rows a run of events touches; streams that start in it have none (see `keysToLoad`). */
export async function loadFollowed(
  db: Kysely<Database>,
  requestEvents: readonly StoredEvent[],
  orderEvents: readonly StoredEvent[],
  context?: ApplyContext,
): Promise<{ requests: Map<string, FollowedRequest>; orders: Map<string, FollowedOrder> }> {
  const requestIds = keysToLoad(requestEvents, (e) => (e.data as { request_id: string }).request_id, context);
  const orderIds = keysToLoad(orderEvents, (e) => (e.data as { order_id: string }).order_id, context);
  const [requestRows, orderRows] = await Promise.all([
    requestIds.length ? db.selectFrom("rm_inbox_requests").selectAll().where(inArray("request_id", requestIds)).execute() : [],
    orderIds.length ? db.selectFrom("rm_inbox_orders").selectAll().where(inArray("order_id", orderIds)).execute() : [],
  ]);
  return {
    requests: new Map(requestRows.map((r) => [r.request_id, { ...r, route: r.route as unknown as Role[] }])),
    orders: new Map(orderRows.map((r) => [r.order_id, r])),
  };
}

/** Held for the batch's other writes when a context allows it: whoever reads them later in the batch flushes first. */
export async function saveFollowed(
  db: Kysely<Database>,
  requests: readonly FollowedRequest[],
  orders: readonly FollowedOrder[],
  context?: ApplyContext,
): Promise<void> {
  await insertRows(
    db,
    "rm_inbox_requests",
    { request_id: "uuid", requester_id: "uuid", title: "text", status: "text", route: "jsonb", stage_index: "integer", order_id: "uuid", version: "integer" },
    requests.map((r) => ({ ...r, route: JSON.stringify(r.route) })),
    sql`on conflict (request_id) do update set title = excluded.title, status = excluded.status, route = excluded.route,
      stage_index = excluded.stage_index, order_id = excluded.order_id, version = excluded.version
      where rm_inbox_requests.version < excluded.version`,
    context,
  );
  await insertRows(
    db,
    "rm_inbox_orders",
    { order_id: "uuid", title: "text", status: "text", version: "integer" },
    orders,
    sql`on conflict (order_id) do update set title = excluded.title, status = excluded.status, version = excluded.version
      where rm_inbox_orders.version < excluded.version`,
    context,
  );
}
