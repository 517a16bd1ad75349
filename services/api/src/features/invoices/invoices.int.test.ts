import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  approvalCommentMessage,
  errorBody,
  eventFeedItem,
  invoice,
  matchingSettings,
  orderHistory,
  purchaseOrder,
  type Invoice,
  type PurchaseOrder,
} from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { addUser, createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { parseCsv } from "@procure/infra/audit-verify-script";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
const vendors: string[] = [];
/** A second finance member, who approves what `users.finance` records: separation of duties asks for another person. */
let reviewer: TestUser;
beforeAll(async () => {
  t = await startTestApp("invoices");
  users = await createUsers(t);
  reviewer = await addUser(t, users.admin, "finance");
  for (const name of ["Contoso Furniture", "Fabrikam Office"]) {
    const vendor = await expectCall<{ id: string }>(t, "POST", "/api/vendors", { token: users.admin.token, body: { name, status: "active" }, status: 201 });
    vendors.push(vendor.id);
  }
});
afterAll(async () => {
  await t?.stop();
});

/** An issued order of 4 chairs at 100 and 2 desks at 250. */
const issuedOrder = (vendorId = vendors[0]!) =>
  expectCall(t, "POST", "/api/orders", {
    token: users.buyer.token,
    body: {
      vendor_id: vendorId,
      status: "issued",
      lines: [
        { description: "Chair", quantity: 4, unit_price: 100 },
        { description: "Desk", quantity: 2, unit_price: 250 },
      ],
    },
    status: 201,
    schema: purchaseOrder,
  });
const line = (order: PurchaseOrder, description: string) => order.lines.find((l) => l.description === description)!.id;
let numbers = 0;
const nextNumber = () => `INV-${Date.now()}-${++numbers}`;
const recordCall = (order: PurchaseOrder, lines: object[], options: { number?: string; token?: string; invoiceDate?: string } = {}) =>
  t.call("POST", "/api/invoices", {
    token: options.token ?? users.finance.token,
    body: { order_id: order.id, number: options.number ?? nextNumber(), invoice_date: options.invoiceDate ?? "2026-11-20", lines },
  });
const record = async (order: PurchaseOrder, lines: object[], number?: string, invoiceDate?: string) => {
  const res = await recordCall(order, lines, { number, invoiceDate });
  expect(res.statusCode, res.body).toBe(201);
  return invoice.parse(res.json());
};
const receive = (order: PurchaseOrder, lines: object[]) =>
  expectCall(t, "POST", `/api/orders/${order.id}/receipts`, { token: users.buyer.token, body: { lines }, status: 201 });
const getInvoice = (id: string) => expectCall(t, "GET", `/api/invoices/${id}`, { token: users.finance.token, schema: invoice });
const list = (query: string) => expectCall(t, "GET", `/api/invoices?${query}`, { token: users.finance.token, schema: z.array(invoice) });
const today = () => new Date().toISOString().slice(0, 10);
const payment = (reference = "TRF-0001") => ({ paid_on: today(), reference });
const errorOf = (res: { statusCode: number; body: string; json: () => unknown }, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return errorBody.parse(res.json()).error;
};

describe("invoices", () => {
  it("answer every match state, and an invoice awaiting receipt turns matched when the goods arrive", async () => {
    const order = await issuedOrder();
    const chair = line(order, "Chair");
    const desk = line(order, "Desk");
    await receive(order, [{ line_id: chair, quantity: 2 }]);

    const matched = await record(order, [{ line_id: chair, quantity: 2, unit_price: 101 }]);
    expect(matched).toMatchObject({ match: "matched", status: "open", total: 202, po_number: order.po_number, vendor_id: vendors[0] });
    const awaiting = await record(order, [{ line_id: chair, quantity: 2, unit_price: 100 }]);
    expect(awaiting.match).toBe("awaiting_receipt");
    expect(awaiting.lines[0]).toMatchObject({ issue: "awaiting_receipt", invoiced_before: 2, received_quantity: 2, ordered_quantity: 4 });
    const variance = await record(order, [{ line_id: desk, quantity: 1, unit_price: 300 }]);
    expect(variance.match).toBe("price_variance");
    expect(variance.lines[0]).toMatchObject({ issue: "price_variance", order_unit_price: 250, unit_price: 300, variance_percent: 20 });
    const over = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    expect(over.match).toBe("over_invoiced");

    const invoiced = await expectCall(t, "GET", `/api/orders/${order.id}`, { token: users.buyer.token, schema: purchaseOrder });
    expect(invoiced.lines.map((l) => [l.description, l.invoiced_quantity])).toEqual([
      ["Chair", 5],
      ["Desk", 1],
    ]);

    await receive(order, [{ line_id: chair, quantity: 2 }]);
    await expect.poll(async () => (await getInvoice(awaiting.id)).match, { timeout: 15_000 }).toBe("matched");
    expect((await getInvoice(over.id)).match).toBe("over_invoiced");
    expect((await getInvoice(variance.id)).match).toBe("price_variance");

    const ofOrder = await list(`order_id=${order.id}`);
    expect(ofOrder.map((i) => i.id).sort()).toEqual([matched.id, awaiting.id, variance.id, over.id].sort());
    expect((await list(`order_id=${order.id}&match=matched`)).map((i) => i.id).sort()).toEqual([matched.id, awaiting.id].sort());

    const feed = async () => {
      const res = await t.call("GET", "/api/events?types=invoice.matched,invoice.recorded&limit=1000", { token: users.finance.token });
      expect(res.statusCode, res.body).toBe(200);
      return z.array(eventFeedItem).parse(res.json());
    };
    await expect
      .poll(async () => (await feed()).filter((e) => e.type === "invoice.matched" && e.data.order_id === order.id).map((e) => e.data.invoice_id), {
        timeout: 15_000,
      })
      .toEqual(expect.arrayContaining([matched.id, awaiting.id]));
    expect((await feed()).filter((e) => e.type === "invoice.recorded" && e.data.order_id === order.id)).toHaveLength(4);
  });

  it("keep an invoice number unique per vendor: the same number for another vendor is fine", async () => {
    const order = await issuedOrder();
    const other = await issuedOrder(vendors[1]);
    const number = nextNumber();
    await record(order, [{ line_id: line(order, "Chair"), quantity: 1, unit_price: 100 }], number);
    const again = await recordCall(order, [{ line_id: line(order, "Desk"), quantity: 1, unit_price: 250 }], { number: number.toLowerCase() });
    expect(errorOf(again, 409).message).toMatch(/already recorded for this vendor/);
    const sameVendorOtherOrder = await recordCall(await issuedOrder(), [{ line_id: line(order, "Chair"), quantity: 1, unit_price: 100 }], { number });
    expect(sameVendorOtherOrder.statusCode).toBeGreaterThanOrEqual(400);
    await record(other, [{ line_id: line(other, "Chair"), quantity: 1, unit_price: 100 }], number);
  });

  it("match prices within the workspace's tolerance, which admins change", async () => {
    expect(await expectCall(t, "GET", "/api/settings/matching", { token: users.admin.token, schema: matchingSettings })).toEqual({ tolerance_percent: 2 });
    const order = await issuedOrder();
    const chair = line(order, "Chair");
    await receive(order, [{ line_id: chair, quantity: 4 }]);
    expect((await record(order, [{ line_id: chair, quantity: 1, unit_price: 102 }])).match).toBe("matched");
    expect((await record(order, [{ line_id: chair, quantity: 1, unit_price: 97.9 }])).match).toBe("price_variance");
    const changed = await expectCall(t, "PATCH", "/api/settings/matching", {
      token: users.admin.token,
      body: { tolerance_percent: 5 },
      schema: matchingSettings,
    });
    expect(changed).toEqual({ tolerance_percent: 5 });
    const within = await record(order, [{ line_id: chair, quantity: 1, unit_price: 104.5 }]);
    expect(within).toMatchObject({ match: "matched", tolerance_percent: 5 });
    errorOf(await t.call("PATCH", "/api/settings/matching", { token: users.admin.token, body: { tolerance_percent: -1 } }), 400);
    await expectCall(t, "PATCH", "/api/settings/matching", { token: users.admin.token, body: { tolerance_percent: 2 } });
  });

  it("are approved then paid, in that order: a comment is required unless matched, and out of order is a 409", async () => {
    const order = await issuedOrder();
    const chair = line(order, "Chair");
    const open = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    expect(open.match).toBe("awaiting_receipt");
    expect(errorOf(await t.call("POST", `/api/invoices/${open.id}/pay`, { token: users.finance.token, body: payment() }), 409).message).toMatch(
      /Approve the invoice/,
    );
    expect(errorOf(await t.call("POST", `/api/invoices/${open.id}/approve`, { token: reviewer.token, body: {} }), 400).message).toBe(approvalCommentMessage);
    const approved = await expectCall(t, "POST", `/api/invoices/${open.id}/approve`, {
      token: reviewer.token,
      body: { comment: "Goods on the way; approved to meet terms." },
      schema: invoice,
    });
    expect(approved).toMatchObject({ status: "approved", approval_comment: "Goods on the way; approved to meet terms.", approved_by: reviewer.email });
    errorOf(await t.call("POST", `/api/invoices/${open.id}/approve`, { token: users.admin.token, body: { comment: "again" } }), 409);
    const paid = await expectCall(t, "POST", `/api/invoices/${open.id}/pay`, { token: users.admin.token, body: payment(), schema: invoice });
    expect(paid.status).toBe("paid");
    errorOf(await t.call("POST", `/api/invoices/${open.id}/pay`, { token: users.admin.token, body: payment() }), 409);
    expect((await list(`order_id=${order.id}&status=paid`)).map((i) => i.id)).toEqual([open.id]);

    // The paid invoice takes the first chair received; this one bills the second.
    await receive(order, [{ line_id: chair, quantity: 2 }]);
    const matched = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    expect((await expectCall<Invoice>(t, "POST", `/api/invoices/${matched.id}/approve`, { token: reviewer.token, body: {} })).status).toBe("approved");
    errorOf(await t.call("POST", "/api/invoices/00000000-0000-4000-8000-000000000000/approve", { token: users.finance.token, body: {} }), 404);
  });

  it("refuse bad input with 4xx: unknown lines, a draft order, a malformed body", async () => {
    const order = await issuedOrder();
    errorOf(await recordCall(order, [{ line_id: "00000000-0000-4000-8000-000000000000", quantity: 1, unit_price: 1 }]), 400);
    errorOf(await recordCall(order, [{ line_id: line(order, "Chair"), quantity: -1, unit_price: 1 }]), 400);
    errorOf(await t.call("POST", "/api/invoices", { token: users.finance.token, body: { order_id: order.id, number: "", lines: [] } }), 400);
    const draft = await expectCall(t, "POST", "/api/orders", {
      token: users.buyer.token,
      body: { vendor_id: vendors[0], status: "draft", lines: [{ description: "Lamp", quantity: 1, unit_price: 10 }] },
      status: 201,
      schema: purchaseOrder,
    });
    errorOf(await recordCall(draft, [{ line_id: draft.lines[0]!.id, quantity: 1, unit_price: 10 }]), 409);
    errorOf(await t.call("GET", "/api/invoices?match=nope", { token: users.finance.token }), 400);
  });

  it("are for finance and admins only: requester, approver and buyer get 403", async () => {
    const order = await issuedOrder();
    const recorded = await record(order, [{ line_id: line(order, "Chair"), quantity: 1, unit_price: 100 }]);
    for (const who of ["requester", "approver", "buyer"] as const) {
      const token = users[who].token;
      errorOf(await t.call("GET", "/api/invoices", { token }), 403);
      errorOf(await t.call("GET", `/api/invoices/${recorded.id}`, { token }), 403);
      errorOf(await recordCall(order, [{ line_id: line(order, "Chair"), quantity: 1, unit_price: 100 }], { token }), 403);
      errorOf(await t.call("POST", `/api/invoices/${recorded.id}/approve`, { token, body: { comment: "x" } }), 403);
      errorOf(await t.call("POST", `/api/invoices/${recorded.id}/pay`, { token, body: payment() }), 403);
      errorOf(await t.call("POST", `/api/invoices/${recorded.id}/dispute`, { token, body: { reason: "x" } }), 403);
      errorOf(await t.call("POST", `/api/invoices/${recorded.id}/reject`, { token, body: { reason: "x" } }), 403);
      errorOf(await t.call("GET", "/api/settings/matching", { token }), 403);
    }
    errorOf(await t.call("PATCH", "/api/settings/matching", { token: users.finance.token, body: { tolerance_percent: 9 } }), 403);
  });

  it("show on the order's timeline, to those who may read invoices", async () => {
    const order = await issuedOrder();
    const chair = line(order, "Chair");
    const recorded = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    await receive(order, [{ line_id: chair, quantity: 1 }]);
    await expectCall(t, "POST", `/api/invoices/${recorded.id}/approve`, { token: reviewer.token, body: {} });
    await expectCall(t, "POST", `/api/invoices/${recorded.id}/pay`, { token: users.finance.token, body: payment("BACS 77-12") });
    const timeline = (token: string) => expectCall(t, "GET", `/api/orders/${order.id}/history`, { token, schema: orderHistory });
    expect((await timeline(users.finance.token)).items.map((entry) => entry.type)).toEqual([
      "saved",
      "invoice_recorded",
      "received",
      "saved",
      "invoice_matched",
      "invoice_approved",
      "invoice_paid",
    ]);
    expect((await timeline(users.finance.token)).items.at(-1)!.summary).toBe(`Invoice ${recorded.number} · paid on ${today()} · ref. BACS 77-12`);
    expect((await timeline(users.buyer.token)).items.map((entry) => entry.type)).toEqual(["saved", "received", "saved"]);
  });
});

/** An invoice of one received chair, matched and approved by the reviewer, ready to pay. */
const approvedInvoice = async () => {
  const order = await issuedOrder();
  const chair = line(order, "Chair");
  await receive(order, [{ line_id: chair, quantity: 1 }]);
  const recorded = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
  return expectCall(t, "POST", `/api/invoices/${recorded.id}/approve`, { token: reviewer.token, body: {}, schema: invoice });
};
const step = (id: string, action: "pay" | "dispute" | "resolve" | "reject" | "approve", body?: object) =>
  t.call("POST", `/api/invoices/${id}/${action}`, { token: users.finance.token, body });
const stepped = async (id: string, action: "pay" | "dispute" | "resolve" | "reject", body?: object) => {
  const res = await step(id, action, body);
  expect(res.statusCode, res.body).toBe(200);
  return invoice.parse(res.json());
};

describe("paying an invoice", () => {
  it("records the payment's date and reference on the invoice", async () => {
    const approved = await approvedInvoice();
    const paid = await stepped(approved.id, "pay", { paid_on: "2026-11-21", reference: "  BACS 0419-2217 " });
    expect(paid).toMatchObject({ status: "paid", paid_on: "2026-11-21", payment_reference: "BACS 0419-2217", paid_by: users.finance.email });
    await expect.poll(async () => (await getInvoice(approved.id)).payment_reference, { timeout: 15_000 }).toBe("BACS 0419-2217");
    expect((await getInvoice(approved.id)).paid_on).toBe("2026-11-21");
  });

  it("refuses a payment without a reference or date, dated in the future or before the invoice, and pays nothing", async () => {
    const approved = await approvedInvoice();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(errorOf(await step(approved.id, "pay", { paid_on: today() }), 400).message).toMatch(/payment reference/);
    expect(errorOf(await step(approved.id, "pay", { paid_on: today(), reference: "  " }), 400).message).toMatch(/payment reference/);
    expect(errorOf(await step(approved.id, "pay", { paid_on: today(), reference: "TRF\n1" }), 400).message).toMatch(/line/i);
    expect(errorOf(await step(approved.id, "pay", { reference: "TRF-1" }), 400).message).toMatch(/payment date/);
    expect(errorOf(await step(approved.id, "pay", { paid_on: "21/11/2026", reference: "TRF-1" }), 400).message).toMatch(/payment date/);
    expect(errorOf(await step(approved.id, "pay", { paid_on: tomorrow, reference: "TRF-1" }), 400).message).toBe("The payment date cannot be in the future.");
    expect(errorOf(await step(approved.id, "pay", { paid_on: "2026-11-19", reference: "TRF-1" }), 400).message).toBe(
      "The payment date cannot be before the invoice date (2026-11-20).",
    );
    expect((await getInvoice(approved.id)).status).toBe("approved");
  });
});

describe("disputing and rejecting an invoice", () => {
  it("holds a disputed invoice from approval and payment until resolved, when it is open to approve afresh", async () => {
    const approved = await approvedInvoice();
    const disputed = await stepped(approved.id, "dispute", { reason: "Delivery note shows one chair short." });
    expect(disputed).toMatchObject({ status: "disputed", dispute_reason: "Delivery note shows one chair short.", disputed_by: users.finance.email });
    expect(errorOf(await step(approved.id, "pay", payment()), 409).message).toBe("This invoice is disputed; resolve the dispute before paying it.");
    const approveAgain = await t.call("POST", `/api/invoices/${approved.id}/approve`, { token: reviewer.token, body: {} });
    expect(errorOf(approveAgain, 409).message).toBe("This invoice is disputed; resolve the dispute before approving it.");
    errorOf(await step(approved.id, "dispute", { reason: "Again" }), 409);
    expect(errorOf(await step(approved.id, "dispute", { reason: " " }), 400).message).toMatch(/reason/);
    await expect.poll(async () => (await list("status=disputed")).map((i) => i.id), { timeout: 15_000 }).toContain(approved.id);

    const resolved = await stepped(approved.id, "resolve");
    expect(resolved).toMatchObject({ status: "open", dispute_reason: null, approved_by: null });
    errorOf(await step(approved.id, "resolve"), 409);
    errorOf(await step(approved.id, "pay", payment()), 409);
    await expectCall(t, "POST", `/api/invoices/${approved.id}/approve`, { token: reviewer.token, body: {}, schema: invoice });
    expect((await stepped(approved.id, "pay", payment())).status).toBe("paid");
    expect(errorOf(await step(approved.id, "dispute", { reason: "Too late" }), 409).message).toMatch(/paid/);
  });

  it("makes a rejection final: never approved, paid, disputed or rejected again", async () => {
    const order = await issuedOrder();
    const open = await record(order, [{ line_id: line(order, "Chair"), quantity: 1, unit_price: 100 }]);
    const rejected = await stepped(open.id, "reject", { reason: "Billed twice: see INV-20417." });
    expect(rejected).toMatchObject({ status: "rejected", rejection_reason: "Billed twice: see INV-20417.", rejected_by: users.finance.email });
    const approve = await t.call("POST", `/api/invoices/${open.id}/approve`, { token: reviewer.token, body: { comment: "x" } });
    expect(errorOf(approve, 409).message).toBe("This invoice is already rejected.");
    expect(errorOf(await step(open.id, "pay", payment()), 409).message).toBe("This invoice is rejected; it cannot be paid.");
    errorOf(await step(open.id, "dispute", { reason: "x" }), 409);
    errorOf(await step(open.id, "reject", { reason: "x" }), 409);
    errorOf(await step(open.id, "resolve"), 409);
    await expect.poll(async () => (await list(`order_id=${order.id}&status=rejected`)).map((i) => i.id), { timeout: 15_000 }).toEqual([open.id]);
    const history = await expectCall(t, "GET", `/api/orders/${order.id}/history`, { token: users.finance.token, schema: orderHistory });
    expect(history.items.at(-1)).toMatchObject({ type: "invoice_rejected", summary: `Invoice ${open.number} · Billed twice: see INV-20417.` });
  });
});

describe("a rejected invoice", () => {
  it("bills nothing: the invoice sent in its place matches, the order counts only that one, and automation hears it matched", async () => {
    const order = await issuedOrder();
    const chair = line(order, "Chair");
    await receive(order, [{ line_id: chair, quantity: 4 }]);
    const first = await record(order, [{ line_id: chair, quantity: 4, unit_price: 100 }]);
    const again = await record(order, [{ line_id: chair, quantity: 4, unit_price: 100 }]);
    expect([first.match, again.match]).toEqual(["matched", "over_invoiced"]);

    await stepped(first.id, "reject", { reason: "Sent again with the right bank details." });
    await expect.poll(async () => (await getInvoice(again.id)).match, { timeout: 15_000 }).toBe("matched");
    expect((await getInvoice(again.id)).lines[0]).toMatchObject({ invoiced_before: 0, issue: null });
    const ordered = await expectCall(t, "GET", `/api/orders/${order.id}`, { token: users.buyer.token, schema: purchaseOrder });
    expect(ordered.lines.map((l) => [l.description, l.invoiced_quantity])).toEqual([
      ["Chair", 4],
      ["Desk", 0],
    ]);
    const matchedEvents = await t.call("GET", "/api/events?types=invoice.matched&limit=1000", { token: users.finance.token });
    expect(
      z
        .array(eventFeedItem)
        .parse(matchedEvents.json())
        .filter((e) => e.data.invoice_id === again.id),
    ).toHaveLength(1);
    // Approved as matched, with no comment needed.
    expect((await expectCall(t, "POST", `/api/invoices/${again.id}/approve`, { token: reviewer.token, body: {}, schema: invoice })).status).toBe("approved");
  });
});

describe("the invoice list", () => {
  it("puts the newest invoice date first, then the latest recorded, across pages", async () => {
    const order = await issuedOrder();
    const chair = [{ line_id: line(order, "Chair"), quantity: 1, unit_price: 100 }];
    const oldest = await record(order, chair, undefined, "2026-11-18");
    const newestFirstRecorded = await record(order, chair, undefined, "2026-11-22");
    const middle = await record(order, chair, undefined, "2026-11-20");
    const newestLastRecorded = await record(order, chair, undefined, "2026-11-22");
    const expected = [newestLastRecorded, newestFirstRecorded, middle, oldest].map((i) => i.id);
    await expect.poll(async () => (await list(`order_id=${order.id}`)).map((i) => i.id), { timeout: 15_000 }).toEqual(expected);

    const paged: string[] = [];
    let next: string | undefined = `/api/invoices?order_id=${order.id}&limit=3`;
    while (next) {
      const res = await t.call("GET", next, { token: users.finance.token });
      expect(res.statusCode, res.body).toBe(200);
      paged.push(
        ...z
          .array(invoice)
          .parse(res.json())
          .map((i) => i.id),
      );
      next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ""))?.[1];
    }
    expect(paged).toEqual(expected);
  });

  it("finds invoices by number, vendor or PO number, within a status and match", async () => {
    const order = await issuedOrder(vendors[1]);
    const chair = line(order, "Chair");
    const number = `FIND-${Date.now()}`;
    const found = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }], number);
    const other = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    const ids = async (query: string) => (await list(`${query}&limit=500`)).map((i) => i.id);
    await expect.poll(() => ids(`q=${number.toLowerCase().slice(0, -2)}`), { timeout: 15_000 }).toEqual([found.id]);
    expect(await ids(`q=${encodeURIComponent(order.po_number)}`)).toEqual([other.id, found.id]);
    expect(await ids(`q=fabrikam&order_id=${order.id}`)).toEqual([other.id, found.id]);
    expect(await ids(`q=contoso&order_id=${order.id}`)).toEqual([]);
    await stepped(found.id, "dispute", { reason: "Which delivery is this?" });
    await expect.poll(() => ids(`q=${encodeURIComponent(order.po_number)}&status=disputed`), { timeout: 15_000 }).toEqual([found.id]);
    expect(await ids(`q=${encodeURIComponent(order.po_number)}&status=open&match=awaiting_receipt`)).toEqual([other.id]);
  });

  it("exports what the list shows as CSV: the same search and filters, every matching invoice", async () => {
    const order = await issuedOrder();
    const chair = line(order, "Chair");
    await receive(order, [{ line_id: chair, quantity: 1 }]);
    const paid = await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    await expectCall(t, "POST", `/api/invoices/${paid.id}/approve`, { token: reviewer.token, body: {} });
    await stepped(paid.id, "pay", { paid_on: "2026-11-21", reference: "=BACS 55" });
    await record(order, [{ line_id: chair, quantity: 1, unit_price: 100 }]);
    const exported = async (query: string) => {
      const res = await t.call("GET", `/api/invoices/export.csv?${query}`, { token: users.finance.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("text/csv");
      expect(res.headers["content-disposition"]).toContain('filename="invoices.csv"');
      return parseCsv(res.body).filter((r) => r.length > 1);
    };
    await expect.poll(async () => (await exported(`q=${order.po_number}&status=paid`)).length, { timeout: 15_000 }).toBe(2);
    const [header, row] = await exported(`q=${order.po_number}&status=paid`);
    expect(header).toEqual([
      "id",
      "number",
      "vendor",
      "po_number",
      "invoice_date",
      "total",
      "match",
      "status",
      "paid_on",
      "payment_reference",
      "created_by",
      "created_at",
    ]);
    // A reference that would start a formula in a spreadsheet is written as text.
    expect(row!.slice(0, 10)).toEqual([
      paid.id,
      paid.number,
      "Contoso Furniture",
      order.po_number,
      "2026-11-20",
      "100",
      "matched",
      "paid",
      "2026-11-21",
      "'=BACS 55",
    ]);
    expect(await exported(`order_id=${order.id}`)).toHaveLength(3);
    expect((await t.call("GET", "/api/invoices/export.csv", { token: users.buyer.token })).statusCode).toBe(403);
    expect((await t.call("GET", "/api/invoices/export.csv?status=lost", { token: users.finance.token })).statusCode).toBe(400);
  });
});
