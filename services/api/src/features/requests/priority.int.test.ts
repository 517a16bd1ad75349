import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import { errorBody, inboxItemsResponse, purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { chainHash, GENESIS_HASH } from "@procure/eventstore";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("request-priority");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const raise = (body: object) => expectCall(t, "POST", "/api/requests", { token: users.requester.token, body, status: 201, schema: purchaseRequest });
const detail = (id: string) => expectCall(t, "GET", `/api/requests/${id}`, { token: users.requester.token, status: 200, schema: purchaseRequest });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("a request's priority and need-by date", () => {
  it("are normal and none unless given, and anything else is refused with a 400", async () => {
    const plain = await raise({ title: "Pens", amount: 5 });
    expect(plain).toMatchObject({ priority: "normal", needed_by: null });
    const soon = dayFromNow(1);
    const urgent = await raise({ title: "Server disk", amount: 300, priority: "urgent", needed_by: soon });
    expect(urgent).toMatchObject({ priority: "urgent", needed_by: soon });
    expect(await detail(urgent.id)).toMatchObject({ priority: "urgent", needed_by: soon });
    expect((await raise({ title: "Paper", amount: 5, needed_by: "" })).needed_by).toBeNull();

    for (const body of [{ priority: "asap" }, { priority: "URGENT" }, { needed_by: "2026-13-40" }, { needed_by: "tomorrow" }, { needed_by: "2020-01-01" }]) {
      const refused = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Bad", amount: 1, ...body } });
      expect(refused.statusCode, `${JSON.stringify(body)}: ${refused.body}`).toBe(400);
      expect(errorBody.safeParse(refused.json()).success).toBe(true);
    }
  });

  it("stay as they were through an edit that leaves them out, and change when an edit names them", async () => {
    const request = await raise({ title: "Chair", amount: 90, priority: "high", needed_by: dayFromNow(10) });
    const kept = await expectCall(t, "PUT", `/api/requests/${request.id}`, {
      token: users.requester.token,
      body: { title: "Office chair", amount: 95 },
      status: 200,
      schema: purchaseRequest,
    });
    expect(kept).toMatchObject({ title: "Office chair", priority: "high", needed_by: request.needed_by });
    const changed = await expectCall(t, "PUT", `/api/requests/${request.id}`, {
      token: users.requester.token,
      body: { title: "Office chair", amount: 95, priority: "low", needed_by: null },
      status: 200,
      schema: purchaseRequest,
    });
    expect(changed).toMatchObject({ priority: "low", needed_by: null });
    expect(await detail(request.id)).toMatchObject({ priority: "low", needed_by: null });
  });

  it("order the approvals queue by priority, then oldest first, page by page", async () => {
    const raised: PurchaseRequest[] = [];
    for (const [title, priority] of [
      ["Q low", "low"],
      ["Q normal first", "normal"],
      ["Q urgent", "urgent"],
      ["Q normal second", "normal"],
      ["Q high", "high"],
    ] as const)
      raised.push(await raise({ title, amount: 10, priority }));
    const ours = new Set(raised.map((r) => r.id));

    const titles: string[] = [];
    let url: string | null = "/api/requests?status=pending&order=priority&limit=3";
    while (url) {
      const res = await t.call("GET", url, { token: users.approver.token });
      expect(res.statusCode, res.body).toBe(200);
      titles.push(
        ...z
          .array(purchaseRequest)
          .parse(res.json())
          .filter((r) => ours.has(r.id))
          .map((r) => r.title),
      );
      const link = res.headers.link as string | undefined;
      url = link ? (/<([^>]+)>/.exec(link)?.[1] ?? null) : null;
      if (url) url = url.replace(/^https?:\/\/[^/]+/, "");
    }
    expect(titles).toEqual(["Q urgent", "Q high", "Q normal first", "Q normal second", "Q low"]);
  });

  it("flag a request needed within three days: its need-by date in the decider's inbox and the mail's subject", async () => {
    const soon = dayFromNow(2);
    const request = await raise({ title: "Projector lamp", amount: 120, priority: "high", needed_by: soon });
    const later = await raise({ title: "Spare cables", amount: 20, needed_by: dayFromNow(20) });

    const items = await until(
      async () => inboxItemsResponse.parse((await t.call("GET", "/api/inbox/items", { token: users.approver.token })).json()).items,
      (list) => [request.id, later.id].every((id) => list.some((item) => item.subject_id === id)),
      "the approver's inbox",
    );
    expect(items.find((item) => item.subject_id === request.id)?.needed_by).toBe(soon);

    const subjects = async (title: string) =>
      (await sql<{ subject: string }>`select subject from notification_outbox where position(${title} in subject) > 0`.execute(t.runtime.db)).rows.map(
        (r) => r.subject,
      );
    const flagged = await until(
      () => subjects("Projector lamp"),
      (list) => list.length > 0,
      "mail about the projector lamp",
    );
    expect(new Set(flagged)).toEqual(new Set([`Needed by ${soon}: Approval needed: Projector lamp`]));
    const plain = await until(
      () => subjects("Spare cables"),
      (list) => list.length > 0,
      "mail about the cables",
    );
    expect(new Set(plain)).toEqual(new Set(["Approval needed: Spare cables"]));
  });

  it("list the pending requests needed soon first in the decider's inbox, however many newer items came since", async () => {
    const today = await raise({ title: "Fire extinguisher check", amount: 80, needed_by: dayFromNow(0) });
    const tomorrow = await raise({ title: "Badge printer ribbon", amount: 35, needed_by: dayFromNow(1) });
    const newer: PurchaseRequest[] = [];
    for (let i = 0; i < 60; i++) newer.push(await raise({ title: `Sticky notes ${i}`, amount: 4 }));

    const items = await until(
      async () => inboxItemsResponse.parse((await t.call("GET", "/api/inbox/items", { token: users.approver.token })).json()).items,
      (list) => list.some((item) => item.subject_id === newer.at(-1)!.id),
      "the newest request in the approver's inbox",
    );
    // Soonest first, then the newest of the rest, each once, a page at most.
    const soon = items.filter((item) => item.needed_by !== null && item.needed_by! <= dayFromNow(3));
    expect(items.slice(0, soon.length)).toEqual(soon);
    expect(soon.map((item) => item.subject_id).indexOf(today.id)).toBeLessThan(soon.map((item) => item.subject_id).indexOf(tomorrow.id));
    expect(soon.map((item) => item.subject_id)).toContain(tomorrow.id);
    expect(items[soon.length]?.subject_id).toBe(newer.at(-1)!.id);
    expect(new Set(items.map((item) => `${item.kind}:${item.subject_id}`)).size).toBe(items.length);
    expect(items.length).toBe(50);

    // Decided, it is no longer waiting, and no longer ahead of the rest.
    await expectCall(t, "POST", `/api/requests/${today.id}/approve`, { token: users.approver.token, body: {}, status: 200 });
    const after = await until(
      async () => inboxItemsResponse.parse((await t.call("GET", "/api/inbox/items", { token: users.approver.token })).json()).items,
      (list) => !list.some((item) => item.subject_id === today.id),
      "the decided request to leave the inbox",
    );
    expect(after[0]?.needed_by).not.toBeNull();
  });

  it("is normal and none for a request raised before priorities existed", async () => {
    const id = randomUUID();
    const fields = {
      event_id: randomUUID(),
      stream_type: "request",
      stream_id: `request-${id}`,
      stream_version: 1,
      type: "RequestCreated",
      schema_version: 1,
      data: {
        request_id: id,
        title: "Old stapler",
        amount: 12,
        description: null,
        category_id: null,
        category_name: null,
        vendor_id: null,
        vendor_name: null,
        requester_id: users.requester.id,
        requester_email: users.requester.email,
        rule_id: null,
        stages: [],
      },
      metadata: { actor_id: users.requester.id, actor_role: "requester", actor_email: users.requester.email, correlation_id: "legacy" },
      recorded_at: new Date().toISOString(),
    };
    await sql`insert into events (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, hash)
      values (${fields.event_id}::uuid, ${fields.stream_type}, ${fields.stream_id}, 1, ${fields.type}, 1, ${JSON.stringify(fields.data)}::jsonb,
        ${JSON.stringify(fields.metadata)}::jsonb, ${fields.recorded_at}::timestamptz, ${chainHash(GENESIS_HASH, fields)})`.execute(t.runtime.db);
    // A command on the same stream folds the old event and wakes the readers, which may not poll for a while.
    await expectCall(t, "POST", `/api/requests/${id}/comments`, { token: users.requester.token, body: { body: "still needed" }, status: 201 });
    const stored = await until(
      () => t.call("GET", `/api/requests/${id}`, { token: users.requester.token }),
      (res) => res.statusCode === 200,
      "the old request's row",
    );
    expect(purchaseRequest.parse(stored.json())).toMatchObject({ title: "Old stapler", priority: "normal", needed_by: null });
  });
});
