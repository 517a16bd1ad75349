import { randomUUID } from "node:crypto";
import { poReceiptStatuses, purchaseOrder, purchaseRequest, vendor, type PoFormStatus, type PurchaseOrder, type Vendor } from "@procure/contracts";
import { addDays, localDay } from "@procure/projections/purchasing";
import type { TestApp } from "./test-app.ts";
import type { TestUser } from "./users.ts";
import { appendEvents, category, item, punchout } from "./catalogue-events.ts";
import { expectCall } from "./http.ts";
import { receiveOrder } from "./receive-order.ts";

type Users = Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
export type Scenario = { vendors: Vendor[]; categoryIds: string[]; orders: PurchaseOrder[] };

const day = (offset: number) => localDay(addDays(new Date(), offset));

/**
 * A small but varied workspace built through the API (and the catalogue's events): vendors of every status and risk,
 * categorised requests with every outcome, and orders in every group with dates late, due soon, later and none.
 */
export async function buildScenario(t: TestApp, users: Users): Promise<Scenario> {
  const categoryIds = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const names = ["Office supplies", "IT hardware", "Furniture", "Services", "Travel", "Archived stuff"];
  for (const [i, id] of categoryIds.entries()) await appendEvents(t, "category", `category-${id}`, [category(id, names[i]!)]);
  await appendEvents(t, "category", `category-${categoryIds[5]}`, [{ type: "CategoryArchived", data: { category_id: categoryIds[5]! } }]);
  const moved = randomUUID();
  for (const [i, status] of (["published", "published", "draft", "retired", "published"] as const).entries()) {
    const id = i === 0 ? moved : randomUUID();
    await appendEvents(t, "catalogue", `catalogue-item-${id}`, [item(id, categoryIds[i % 3]!, status)]);
  }
  await appendEvents(t, "catalogue", `catalogue-item-${moved}`, [item(moved, categoryIds[1]!)]);
  for (const status of ["connected", "action-required"] as const) {
    const id = randomUUID();
    await appendEvents(t, "catalogue", `catalogue-punchout-${id}`, [punchout(id, categoryIds[0]!, status)]);
  }

  const vendors: Vendor[] = [];
  for (const [i, risk] of (["low", "medium", "high", "low", "medium", "high"] as const).entries()) {
    const body = { name: `Vendor ${i} ${randomUUID().slice(0, 6)}`, risk, renewal_date: day(i * 10 - 5), website: "" };
    vendors.push(await expectCall(t, "POST", "/api/vendors", { token: users.buyer.token, body, status: 201, schema: vendor }));
  }
  for (const v of vendors.slice(4)) await expectCall(t, "PATCH", `/api/vendors/${v.id}`, { token: users.admin.token, body: { status: "blocked" } });

  const requests = [];
  const amounts = [120, 980.5, 40, 2200, 75.25, 310, 1600, 45, 999.99, 5000, 12.5, 430];
  for (const [i, amount] of amounts.entries()) {
    const author = i % 3 === 2 ? users.buyer : users.requester;
    const body = { title: `Request ${i}`, amount, category_id: i % 5 === 4 ? null : categoryIds[i % 4], vendor_id: vendors[i % 4]!.id };
    const created = await expectCall(t, "POST", "/api/requests", { token: author.token, body, status: 201, schema: purchaseRequest });
    const verdict = ["approve", "approve", "deny", null][i % 4];
    // A denial gives the requester its reason.
    const decision = verdict === "deny" ? { comment: "Over this quarter's budget" } : {};
    if (verdict) await expectCall(t, "POST", `/api/requests/${created.id}/${verdict}`, { token: users.approver.token, body: decision });
    requests.push({ ...created, status: verdict === "approve" ? "approved" : verdict ? "denied" : "pending" });
  }
  const approved = requests.filter((r) => r.status === "approved");

  const plan: [PoFormStatus, number, number | null][] = [
    ["issued", 500, -5],
    ["receiving", 250.5, -1],
    ["draft", 90, 0],
    ["issued", 1200, 1],
    ["receiving", 75, 3],
    ["issued", 60, 6],
    ["draft", 33.3, 7],
    ["issued", 410, 8],
    ["received", 700, -3],
    ["cancelled", 120, 2],
    ["received", 55, null],
    ["draft", 15, null],
  ];
  const orders: PurchaseOrder[] = [];
  for (const [i, [status, total, due]] of plan.entries()) {
    const request = i < 3 ? approved[i] : undefined;
    const body = {
      total,
      status: poReceiptStatuses.includes(status) ? "issued" : status,
      vendor_id: i % 4 === 3 ? null : vendors[i % 4]!.id,
      vendor_name: i % 4 === 3 ? "Walk-in supplier" : "",
      request_id: request?.id ?? "",
      expected_date: due === null ? "" : day(due),
      notes: "",
    };
    const created = await expectCall(t, "POST", "/api/orders", {
      token: (i % 2 ? users.finance : users.buyer).token,
      body,
      status: 201,
      schema: purchaseOrder,
    });
    orders.push(poReceiptStatuses.includes(status) ? await receiveOrder(t, users.buyer.token, created, status === "received" ? "all" : "part") : created);
  }
  orders[7] = await receiveOrder(t, users.buyer.token, orders[7]!, "part");
  await expectCall(t, "DELETE", `/api/orders/${orders[11]!.id}`, { token: users.buyer.token, status: 204 });
  return { vendors, categoryIds, orders: orders.slice(0, 11) };
}
