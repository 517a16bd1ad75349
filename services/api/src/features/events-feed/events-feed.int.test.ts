import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { can, errorBody, eventFeedItem, publicEventTypes, roles, type EventMetadata, type NewEvent, type Role } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { encodeFeedCursor } from "./feed-cursor.ts";
import { requestCreated } from "@procure/infra/testing/request-events";

let t: TestApp;
let users: Record<Role, TestUser>;
beforeAll(async () => {
  t = await startTestApp("events-feed");
  users = await createUsers(t);
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

const metadata = (): EventMetadata => ({ actor_id: null, actor_role: null, correlation_id: randomUUID(), causation_id: null });
const created = (i: number): NewEvent => requestCreated({ id: randomUUID(), email: "feed@example.com" }, { title: `Feed ${i}` });

/** Four writers appending 5,000 events in transactions of 25, straight through the event store. */
async function appendConcurrently(total: number): Promise<string[]> {
  const ids: string[] = [];
  const perWriter = total / 4;
  await Promise.all(
    [0, 1, 2, 3].map(async (w) => {
      for (let start = 0; start < perWriter; start += 25) {
        const appends = Array.from({ length: 25 }, (_, k) => {
          const event = created(w * perWriter + start + k);
          return {
            streamType: "request" as const,
            streamId: `request-${(event.data as { request_id: string }).request_id}`,
            expectedVersion: 0,
            events: [event],
          };
        });
        const result = await t.runtime.store.append(appends, { metadata: metadata(), recordedAt: new Date().toISOString() });
        ids.push(...result.events.map((e) => e.event_id));
      }
    }),
  );
  return ids;
}

const page = (query: string, token = users.finance.token) => t.call("GET", `/api/events${query}`, { token });

describe("event feed", () => {
  it("pages through 5,000 events appended concurrently with no gap and no repeat", async () => {
    const writing = appendConcurrently(5_000);
    const seen: string[] = [];
    let after = "";
    let appended: string[] | null = null;
    void writing.then((ids) => (appended = ids));
    for (let rounds = 0; rounds < 2_000; rounds++) {
      const res = await page(`?limit=250&types=request.created${after ? `&after=${after}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const items = z.array(eventFeedItem).parse(res.json());
      if (items.length === 250) expect(res.headers.link).toContain(`after=${items.at(-1)!.cursor}`);
      seen.push(...items.map((i) => i.id));
      if (items.length > 0) after = items.at(-1)!.cursor;
      if (appended && seen.length >= (appended as string[]).length && items.length === 0) break;
      if (items.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    await writing;
    expect(seen.length).toBe(5_000);
    expect(new Set(seen).size).toBe(5_000);
    expect(new Set(seen)).toEqual(new Set(appended!));
  }, 120_000);

  it("lists only public events with their public names, and filters by type", async () => {
    const all = z.array(eventFeedItem).parse((await page("?limit=1000", users.admin.token)).json());
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e) => e.type === "request.created")).toBe(true);
    expect(all[0]).toMatchObject({ type: "request.created", data: { title: expect.any(String) } });
    const none = z.array(eventFeedItem).parse((await page("?types=vendor.registered")).json());
    expect(none).toEqual([]);
  });

  it("documents every public type with its payload schema", async () => {
    const types = (await t.call("GET", "/api/events/types", { token: users.finance.token })).json() as { type: string; payload: { properties: object } }[];
    expect(types.map((x) => x.type)).toEqual(
      expect.arrayContaining(["request.created", "purchase_order.saved", "vendor.blocked", "work_order.status_changed"]),
    );
    const file = types.find((x) => x.type === "request.file_attached")!;
    expect(Object.keys(file.payload.properties)).not.toContain("storage_key");
    expect(types.some((x) => /reserved|registered_user|webhook/i.test(x.type))).toBe(false);
  });

  it("is for admin and finance, and answers bad input with a 400", async () => {
    expect((await page("", users.requester.token)).statusCode).toBe(403);
    for (const q of ["?after=garbage", "?limit=0", "?limit=abc", "?types=nope.nope", "?after=" + "x".repeat(300)]) {
      const res = await page(q);
      expect(res.statusCode, q).toBe(400);
      errorBody.parse(res.json());
    }
  });
});

/**
 * Each family of public event types and the route that lists its records. No route shows every request to every
 * role (a requester's shows their own), so request events need the right to read them all.
 */
const families: Record<string, string | null> = {
  request: null,
  purchase_order: "/api/orders",
  order: "/api/orders",
  invoice: "/api/invoices",
  vendor: "/api/vendors",
  category: "/api/categories",
  catalogue_item: "/api/catalogue/overview",
  vendor_feed: "/api/catalogue/overview",
  punchout_connection: "/api/catalogue/overview",
  approval_rule: "/api/approval-rules",
  budget: "/api/budgets",
  work_order: "/api/work-orders",
};
const familyOf = (type: string) => type.slice(0, type.indexOf("."));

describe("event feed by role", () => {
  it("lets each role read exactly the event types whose records it may read, and refuses naming any other", async () => {
    expect(publicEventTypes.filter((type) => !(familyOf(type) in families))).toEqual([]);
    for (const r of roles) {
      const token = users[r].token;
      const usesFeed = (await page("?limit=1", token)).statusCode === 200;
      for (const [family, route] of Object.entries(families)) {
        const readsRecords = route ? (await t.call("GET", route, { token })).statusCode === 200 : can(r, "requests:read-all");
        const types = publicEventTypes.filter((type) => familyOf(type) === family);
        const res = await page(`?limit=1&types=${types.join(",")}`, token);
        expect(res.statusCode, `${r} reading ${family}.*: ${res.body}`).toBe(usesFeed && readsRecords ? 200 : 403);
        if (res.statusCode === 403) expect(errorBody.parse(res.json()).error.code).toBe("forbidden");
      }
    }
  });

  it("holds only the types the role may read when no type is named", async () => {
    const from = encodeFeedCursor(await t.runtime.store.headPosition());
    const workOrder = { title: "Broken chair", requesterName: "Sam Submitter", requesterEmail: "sam@example.com", details: "Leg snapped" };
    expect((await t.call("POST", "/api/work-orders", { body: workOrder })).statusCode).toBe(201);
    expect((await t.call("POST", "/api/approval-rules", { token: users.admin.token, body: { min_amount: 5_000, stages: ["finance"] } })).statusCode).toBe(201);
    const request = created(0);
    const streamId = `request-${(request.data as { request_id: string }).request_id}`;
    await t.runtime.store.append([{ streamType: "request", streamId, expectedVersion: 0, events: [request] }], {
      metadata: metadata(),
      recordedAt: new Date().toISOString(),
    });
    const typesSeenBy = async (r: Role, query = "") => {
      const res = await page(`?limit=1000&after=${from}${query}`, users[r].token);
      expect(res.statusCode, res.body).toBe(200);
      return new Set(
        z
          .array(eventFeedItem)
          .parse(res.json())
          .map((e) => familyOf(e.type)),
      );
    };
    // The feed never reads past a transaction still running on the server (any database's, under a loaded test
    // run), so a client polls until the events show, as it would follow the feed.
    const all = new Set(["work_order", "approval_rule", "request"]);
    await expect.poll(async () => [...(await typesSeenBy("admin"))].sort(), { timeout: 15_000 }).toEqual([...all].sort());
    expect(await typesSeenBy("finance")).toEqual(new Set(["request"]));
    expect(await typesSeenBy("finance", "&types=*")).toEqual(new Set(["request"]));
    const named = await page(`?after=${from}&types=request.created,work_order.submitted,approval_rule.created`, users.finance.token);
    expect(named.statusCode).toBe(403);
    expect(errorBody.parse(named.json()).error.message).toMatch(/work_order\.submitted, approval_rule\.created/);
  });
});
