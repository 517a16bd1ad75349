import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import {
  errorBody,
  eventFeedItem,
  linesTotalMessage,
  orderReceipt,
  orderTotalLineDescription,
  purchaseOrder,
  quantityMessage,
  receiptSetsStatusMessage,
  type PurchaseOrder,
} from "@procure/contracts";
import { orderDecider } from "@procure/domain";
import { allProjections } from "@procure/projections";
import { snapshotReadModels } from "@procure/infra/testing/read-model-snapshot";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  // Rebuilds the orders projection itself: it stays on the test's thread.
  t = await startTestApp("order-receipts", { BACKGROUND_THREAD: "false" });
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const ordersProjection = allProjections.find((projection) => projection.name === "orders")!;
const eventCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);
const create = (body: object) => expectCall(t, "POST", "/api/orders", { token: users.buyer.token, body, status: 201, schema: purchaseOrder });
const getOrder = (id: string) => expectCall(t, "GET", `/api/orders/${id}`, { token: users.buyer.token, schema: purchaseOrder });
const receive = (id: string, body: object, token = users.buyer.token) => t.call("POST", `/api/orders/${id}/receipts`, { token, body });
const receipts = (id: string) => expectCall(t, "GET", `/api/orders/${id}/receipts`, { token: users.finance.token, schema: z.array(orderReceipt) });

/** An issued order of a desk (3 at 19.99) and cable (2.5 m at 4). */
const issuedOrder = () =>
  create({
    vendor_name: "Office Supply Co",
    status: "issued",
    lines: [
      { description: "Desk", quantity: 3, unit_price: 19.99 },
      { description: "Cable (m)", quantity: 2.5, unit_price: 4 },
    ],
  });
const lineOf = (order: PurchaseOrder, description: string) => order.lines.find((line) => line.description === description)!;

async function expectRefused(res: Awaited<ReturnType<typeof receive>>, before: number, status: number, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody.parse(res.json());
  expect(body.error.message).toMatch(message);
  expect(await eventCount()).toBe(before);
  return body.error;
}

describe("order lines", () => {
  it("sets the total from the lines, answers each line with nothing received or invoiced, and keeps line ids on edit", async () => {
    const order = await issuedOrder();
    expect(order.total).toBe(69.97);
    expect(
      order.lines.map(({ description, quantity, unit_price, received_quantity, invoiced_quantity }) => [
        description,
        quantity,
        unit_price,
        received_quantity,
        invoiced_quantity,
      ]),
    ).toEqual([
      ["Desk", 3, 19.99, 0, 0],
      ["Cable (m)", 2.5, 4, 0, 0],
    ]);
    const desk = lineOf(order, "Desk");
    const edited = await expectCall(t, "PATCH", `/api/orders/${order.id}`, {
      token: users.buyer.token,
      body: { total: 79.96, lines: [{ id: desk.id, description: "Desk", quantity: 4, unit_price: 19.99 }] },
      schema: purchaseOrder,
    });
    expect(edited.lines.map((line) => [line.id, line.quantity])).toEqual([[desk.id, 4]]);
    expect(edited.total).toBe(79.96);
    expect(await getOrder(order.id)).toMatchObject({ total: 79.96, lines: edited.lines });
  });

  it("refuses a total that is not the lines' sum, and quantities that are not above 0 with up to 3 decimals, with 400", async () => {
    const before = await eventCount();
    const line = { description: "Chair", quantity: 2, unit_price: 50 };
    for (const [body, message] of [
      [{ vendor_name: "Acme", total: 99, lines: [line] }, linesTotalMessage],
      [{ vendor_name: "Acme", lines: [{ ...line, quantity: 0 }] }, quantityMessage],
      [{ vendor_name: "Acme", lines: [{ ...line, quantity: 1.2345 }] }, quantityMessage],
    ] as const) {
      const res = await t.call("POST", "/api/orders", { token: users.buyer.token, body });
      await expectRefused(res, before, 400, message);
    }
    const order = await issuedOrder();
    const after = await eventCount();
    // Two lines and a new total without lines: nothing says which line the difference belongs to.
    await expectRefused(await t.call("PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { total: 10 } }), after, 400, linesTotalMessage);
  });

  it("answers an order saved without lines as one line of its total, and an order saved before lines existed the same", async () => {
    const order = await create({ vendor_name: "Acme", total: 120 });
    expect(order.lines).toEqual([
      { id: order.id, description: orderTotalLineDescription, quantity: 1, unit_price: 120, item_id: null, received_quantity: 0, invoiced_quantity: 0 },
    ]);
    const patched = await expectCall(t, "PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { total: 130 }, schema: purchaseOrder });
    expect(patched.lines).toMatchObject([{ id: order.id, quantity: 1, unit_price: 130 }]);

    const old = await savedBeforeLines(250.5);
    await expect.poll(async () => (await t.call("GET", `/api/orders/${old}`, { token: users.buyer.token })).statusCode).toBe(200);
    expect((await getOrder(old)).lines).toEqual([
      { id: old, description: orderTotalLineDescription, quantity: 1, unit_price: 250.5, item_id: null, received_quantity: 0, invoiced_quantity: 0 },
    ]);
    // Its one line takes receipts like any other.
    expect((await receive(old, { lines: [{ line_id: old, quantity: 1 }] })).statusCode).toBe(201);
    // The receipt's answer may come before the orders read model shows it (X-Projections-Behind).
    await expect.poll(() => getOrder(old)).toMatchObject({ status: "received", lines: [{ id: old, received_quantity: 1 }] });
  });
});

/** An issued order as the log held it before lines: a save with no lines, straight into its stream. */
async function savedBeforeLines(total: number): Promise<string> {
  const id = randomUUID();
  const data = {
    order_id: id,
    po_number: `OLD-${id.slice(0, 8)}`,
    vendor_id: null,
    vendor_name: "Old Vendor",
    total,
    status: "issued" as const,
    request_id: null,
    expected_date: null,
    notes: null,
  };
  await t.runtime.store.append(
    [{ streamType: "order", streamId: orderDecider.streamId(id), expectedVersion: 0, events: [{ type: "PurchaseOrderSaved", data }] }],
    {
      metadata: { actor_id: users.buyer.id, actor_role: "buyer", correlation_id: randomUUID() },
      recordedAt: new Date().toISOString(),
    },
  );
  return id;
}

describe("receipts", () => {
  it("sets receiving after a partial receipt and received when every line is in, and lists the receipts", async () => {
    const order = await issuedOrder();
    const desk = lineOf(order, "Desk");
    const cable = lineOf(order, "Cable (m)");
    const res = await receive(order.id, { lines: [{ line_id: desk.id, quantity: 1 }], received_on: "2026-11-20", note: "One desk, two backordered" });
    expect(res.statusCode, res.body).toBe(201);
    const first = orderReceipt.parse(res.json());
    expect(first).toMatchObject({
      order_id: order.id,
      lines: [{ line_id: desk.id, quantity: 1 }],
      received_on: "2026-11-20",
      note: "One desk, two backordered",
    });
    expect(first.created_by).toBe(users.buyer.email);
    const partial = await getOrder(order.id);
    expect(partial.status).toBe("receiving");
    expect(lineOf(partial, "Desk").received_quantity).toBe(1);

    const rest = await receive(
      order.id,
      {
        lines: [
          { line_id: desk.id, quantity: 2 },
          { line_id: cable.id, quantity: 2.5 },
        ],
      },
      users.finance.token,
    );
    expect(rest.statusCode, rest.body).toBe(201);
    expect(orderReceipt.parse(rest.json()).received_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const full = await getOrder(order.id);
    expect(full.status).toBe("received");
    expect(full.lines.map((line) => line.received_quantity)).toEqual([3, 2.5]);
    expect((await receipts(order.id)).map((receipt) => receipt.id)).toEqual([first.id, orderReceipt.parse(rest.json()).id]);
  });

  it("refuses more than is open with 409 saying how much is open, and a receipt on a draft with 409", async () => {
    const order = await issuedOrder();
    const cable = lineOf(order, "Cable (m)");
    expect((await receive(order.id, { lines: [{ line_id: cable.id, quantity: 1 }] })).statusCode).toBe(201);
    const before = await eventCount();
    const error = await expectRefused(await receive(order.id, { lines: [{ line_id: cable.id, quantity: 2 }] }), before, 409, /Only 1\.5 of "Cable \(m\)"/);
    expect(error.details).toEqual({ line_id: cable.id, open_quantity: 1.5 });

    const draft = await create({ vendor_name: "Acme", lines: [{ description: "Pens", quantity: 10, unit_price: 1 }] });
    const afterDraft = await eventCount();
    await expectRefused(await receive(draft.id, { lines: [{ line_id: draft.lines[0]!.id, quantity: 1 }] }), afterDraft, 409, /Only issued or receiving orders/);
  });

  it("lets no one pick a status but cancelled by hand once goods are received", async () => {
    const order = await issuedOrder();
    expect((await receive(order.id, { lines: [{ line_id: lineOf(order, "Desk").id, quantity: 3 }] })).statusCode).toBe(201);
    const before = await eventCount();
    const backToIssued = await t.call("PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { status: "issued" } });
    await expectRefused(backToIssued, before, 409, /follows them/);
    const received = await t.call("PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { status: "received" } });
    await expectRefused(received, before, 400, receiptSetsStatusMessage);
    // The form sends the status it shows; an unchanged one saves.
    const noted = await expectCall(t, "PATCH", `/api/orders/${order.id}`, {
      token: users.buyer.token,
      body: { status: "receiving", notes: "Cable due Friday" },
      schema: purchaseOrder,
    });
    expect(noted.status).toBe("receiving");
  });

  it("answers 400 to a save that picks receiving or received, by POST, PUT or PATCH, and lets receipts set them", async () => {
    const order = await issuedOrder();
    const whole = {
      vendor_name: "Office Supply Co",
      lines: order.lines.map(({ id, description, quantity, unit_price }) => ({ id, description, quantity, unit_price })),
    };
    const before = await eventCount();
    for (const status of ["receiving", "received"]) {
      for (const [method, url, body] of [
        ["POST", "/api/orders", { ...whole, lines: [{ description: "Desk", quantity: 1, unit_price: 5 }], status }],
        ["PUT", `/api/orders/${order.id}`, { ...whole, status }],
        ["PATCH", `/api/orders/${order.id}`, { status }],
      ] as const) {
        const error = await expectRefused(await t.call(method, url, { token: users.buyer.token, body }), before, 400, receiptSetsStatusMessage);
        expect(error, `${method} ${status}`).toMatchObject({ code: "validation_error", details: { status } });
      }
    }
    expect((await getOrder(order.id)).status).toBe("issued");

    expect((await receive(order.id, { lines: [{ line_id: lineOf(order, "Desk").id, quantity: 3 }] })).statusCode).toBe(201);
    expect((await getOrder(order.id)).status).toBe("receiving");
    // Kept at the status receipts set, a whole save is taken; picking the next one is still refused.
    const kept = await expectCall(t, "PUT", `/api/orders/${order.id}`, {
      token: users.buyer.token,
      body: { ...whole, status: "receiving" },
      schema: purchaseOrder,
    });
    expect(kept.status).toBe("receiving");
    const skipped = await t.call("PUT", `/api/orders/${order.id}`, { token: users.buyer.token, body: { ...whole, status: "received" } });
    await expectRefused(skipped, await eventCount(), 400, receiptSetsStatusMessage);
    expect((await receive(order.id, { lines: [{ line_id: lineOf(order, "Cable (m)").id, quantity: 2.5 }] })).statusCode).toBe(201);
    expect((await getOrder(order.id)).status).toBe("received");
    // Cancelling stays a choice.
    expect(
      (await expectCall(t, "PATCH", `/api/orders/${order.id}`, { token: users.buyer.token, body: { status: "cancelled" }, schema: purchaseOrder })).status,
    ).toBe("cancelled");
  });

  it("is for buyers, finance and admins: requesters and approvers get 403", async () => {
    const order = await issuedOrder();
    const before = await eventCount();
    for (const user of [users.requester, users.approver]) {
      await expectRefused(await receive(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] }, user.token), before, 403, /./);
    }
    expect((await t.call("GET", `/api/orders/${order.id}/receipts`, { token: users.requester.token })).statusCode).toBe(403);
    expect((await receive(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] }, users.admin.token)).statusCode).toBe(201);
  });

  it("gives one 201 and one 409 to two receipts racing for the last open quantity", async () => {
    const order = await issuedOrder();
    const cable = lineOf(order, "Cable (m)");
    expect((await receive(order.id, { lines: [{ line_id: cable.id, quantity: 1.5 }] })).statusCode).toBe(201);
    const before = await eventCount();
    const race = await Promise.all([users.buyer, users.finance].map((user) => receive(order.id, { lines: [{ line_id: cable.id, quantity: 1 }] }, user.token)));
    expect(race.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(errorBody.parse(race.find((res) => res.statusCode === 409)!.json()).error.message).toMatch(/Only 0 of "Cable \(m\)"/);
    // One receipt and the order's save beside it.
    expect(await eventCount()).toBe(before + 2);
    expect(lineOf(await getOrder(order.id), "Cable (m)").received_quantity).toBe(2.5);
    expect(await receipts(order.id)).toHaveLength(2);
  });

  it("reaches the event feed as order.received", async () => {
    const order = await issuedOrder();
    const receipt = orderReceipt.parse((await receive(order.id, { lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] })).json());
    const feed = async () => {
      const res = await t.call("GET", "/api/events?types=order.received&limit=1000", { token: users.finance.token });
      expect(res.statusCode, res.body).toBe(200);
      return z.array(eventFeedItem).parse(res.json());
    };
    await expect
      .poll(async () => (await feed()).find((e) => e.data.receipt_id === receipt.id)?.data, { timeout: 15_000 })
      .toMatchObject({
        order_id: order.id,
        lines: [{ line_id: order.lines[0]!.id, quantity: 1 }],
      });
  });

  it("rebuilds the orders read model, lines and receipts included, to the rows the live path wrote", async () => {
    const order = await issuedOrder();
    expect((await receive(order.id, { lines: [{ line_id: order.lines[1]!.id, quantity: 0.25 }] })).statusCode).toBe(201);
    await savedBeforeLines(42);
    await expect
      .poll(async () => (await snapshotReadModels(t.runtime.db, [ordersProjection])).rm_orders!.length)
      .toBe(
        Number(
          (await sql<{ n: string }>`select count(distinct stream_id)::text as n from events where stream_id like 'order-%'`.execute(t.runtime.db)).rows[0]!.n,
        ),
      );
    const live = await snapshotReadModels(t.runtime.db, [ordersProjection]);
    expect(live.rm_order_receipts!.length).toBeGreaterThan(5);
    await t.runtime.runner!.rebuild("orders");
    expect(await snapshotReadModels(t.runtime.db, [ordersProjection])).toEqual(live);
  });
});
