import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { categorySummary, errorBody, overviewItem, purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { chainHash, GENESIS_HASH } from "@procure/eventstore";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { requestCreatedData } from "@procure/infra/testing/request-events";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("request-lines");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const raise = (body: object) => expectCall(t, "POST", "/api/requests", { token: users.requester.token, body, status: 201, schema: purchaseRequest });
const edit = (id: string, body: object) =>
  expectCall(t, "PUT", `/api/requests/${id}`, { token: users.requester.token, body, status: 200, schema: purchaseRequest });
const refused = async (body: object) => errorBody.parse(await expectCall(t, "POST", "/api/requests", { token: users.requester.token, body, status: 400 }));
/** The details an edit sends back unchanged, as the edit form does. */
const unchanged = (r: PurchaseRequest) => ({
  title: r.title,
  lines: r.lines,
  category_id: r.category_id,
  vendor_id: r.vendor_id,
  description: r.description ?? "",
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("a request's lines", () => {
  it("are answered as sent, and the amount is their sum to the cent; an edit keeps them", async () => {
    const lines = [
      { description: "Cable ties", quantity: 3, unit_price: 0.1, catalogue_item_id: null },
      { description: "Label tape", quantity: 1, unit_price: 0.2, catalogue_item_id: null },
    ];
    const created = await raise({ title: "Cabling kit", lines });
    expect(created).toMatchObject({ amount: 0.5, lines });
    expect((await expectCall(t, "GET", `/api/requests/${created.id}`, { token: users.requester.token, status: 200, schema: purchaseRequest })).lines).toEqual(
      lines,
    );

    const saved = await edit(created.id, unchanged(created));
    expect(saved).toMatchObject({ amount: 0.5, lines });
    const changed = await edit(created.id, { ...unchanged(saved), lines: [{ ...lines[0], quantity: 10 }, lines[1]] });
    expect(changed).toMatchObject({ amount: 1.2, lines: [{ description: "Cable ties", quantity: 10, unit_price: 0.1 }, lines[1]] });
  });

  it("are one line of the amount when only an amount is sent", async () => {
    const created = await raise({ title: "Pens", amount: 12.5 });
    expect(created).toMatchObject({ amount: 12.5, lines: [{ description: "Pens", quantity: 1, unit_price: 12.5, catalogue_item_id: null }] });
  });

  it("price a catalogue item at the volume tier its quantity reaches, whatever price the client sends", async () => {
    const buyer = { token: users.buyer.token };
    const category = categorySummary.parse(await expectCall(t, "POST", "/api/categories", { ...buyer, body: { name: "Monitors" }, status: 201 }));
    const item = overviewItem.parse(
      await expectCall(t, "POST", "/api/catalogue/items", {
        ...buyer,
        body: {
          category_id: category.id,
          name: "27in monitor",
          sku: "MON-27",
          base_price: 389,
          pricing_tiers: [
            { min_quantity: 10, unit_price: 357.88 },
            { min_quantity: 50, unit_price: 340 },
          ],
        },
        status: 201,
      }),
    );
    const line = (quantity: number) => ({ description: "27in monitor", quantity, unit_price: 389, catalogue_item_id: item.id });

    const ten = await raise({ title: "Monitors for the new team", category_id: category.id, lines: [line(10)] });
    expect(ten.amount).toBe(3578.8);
    expect(ten.lines).toEqual([{ ...line(10), unit_price: 357.88 }]);
    expect((await raise({ title: "One monitor", lines: [line(1)] })).amount).toBe(389);
    expect((await raise({ title: "A floor of monitors", lines: [line(60)] })).amount).toBe(20400);

    // Saved again as it was, it keeps its amount; a quantity below the tier goes back to the base price.
    expect((await edit(ten.id, unchanged(ten))).amount).toBe(3578.8);
    expect((await edit(ten.id, { ...unchanged(ten), lines: [line(9)] })).amount).toBe(3501);

    const unknown = await refused({ title: "Ghost item", lines: [{ ...line(1), catalogue_item_id: randomUUID() }] });
    expect(unknown.error.message).toBe("Choose a valid catalogue item.");
    // The tier price times the quantity is past the amount rule, though the client sent no price.
    const huge = await refused({ title: "Too many", lines: [{ description: "27in monitor", quantity: 5_000_000, catalogue_item_id: item.id }] });
    expect(huge.error.message).toBe("A line's total (quantity × unit price) must be at most 1,000,000,000.");
  });

  it("past the amount rule, one line or their sum, are refused with a 400", async () => {
    const line = { description: "Server", quantity: 2, unit_price: 600_000_000 };
    expect(JSON.stringify(await refused({ title: "One line too large", lines: [line] }))).toContain(
      "A line's total (quantity × unit price) must be at most 1,000,000,000.",
    );
    const each = { ...line, quantity: 1 };
    expect(JSON.stringify(await refused({ title: "Sum too large", lines: [each, each] }))).toContain("A request's total must be at most 1,000,000,000.");
    await refused({ title: "Neither", description: "no amount, no lines" });
    await refused({ title: "Unpriced", lines: [{ description: "Something", quantity: 1 }] });
  });

  it("read as one line of the amount for a request raised before lines existed", async () => {
    const id = randomUUID();
    const fields = {
      event_id: randomUUID(),
      stream_type: "request",
      stream_id: `request-${id}`,
      stream_version: 1,
      type: "RequestCreated",
      schema_version: 2,
      data: requestCreatedData(users.requester, { request_id: id, title: "Old monitors", amount: 3890, description: "10 × 27in monitor at 389.00 USD each" }),
      metadata: { actor_id: users.requester.id, actor_role: "requester", actor_email: users.requester.email, correlation_id: "legacy" },
      recorded_at: new Date().toISOString(),
    };
    await sql`insert into events (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, hash)
      values (${fields.event_id}::uuid, ${fields.stream_type}, ${fields.stream_id}, 1, ${fields.type}, 2, ${JSON.stringify(fields.data)}::jsonb,
        ${JSON.stringify(fields.metadata)}::jsonb, ${fields.recorded_at}::timestamptz, ${chainHash(GENESIS_HASH, fields)})`.execute(t.runtime.db);
    // A command on the same stream answers from the fold of the old event, and wakes the readers.
    await expectCall(t, "POST", `/api/requests/${id}/comments`, { token: users.requester.token, body: { body: "still needed" }, status: 201 });
    const stored = await until(
      () => t.call("GET", `/api/requests/${id}`, { token: users.requester.token }),
      (res) => res.statusCode === 200,
      "the old request's row",
    );
    const oneLine = [{ description: "Old monitors", quantity: 1, unit_price: 3890, catalogue_item_id: null }];
    expect(purchaseRequest.parse(stored.json())).toMatchObject({ amount: 3890, lines: oneLine });
    const saved = await edit(id, unchanged(purchaseRequest.parse(stored.json())));
    expect(saved).toMatchObject({ amount: 3890, lines: oneLine });
  });
});
