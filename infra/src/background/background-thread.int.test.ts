import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { allProjections } from "@procure/projections";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { createUsers, type TestUser } from "../testing/users.ts";
import { snapshotReadModels } from "../testing/read-model-snapshot.ts";

const withServices = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);

/** The keys of every invalidation a user's live socket receives. */
async function liveKeys(url: string, token: string) {
  const keys: string[] = [];
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/live`, ["bearer", token]);
  socket.on("message", (data) => {
    for (const key of (JSON.parse(String(data)) as { keys?: string[][] }).keys ?? []) keys.push(key.join("/"));
  });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  return { keys, close: () => socket.close() };
}

async function until<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!withServices)("the relay, projections and webhooks in a thread of their own", () => {
  let t: TestApp;
  let users: Record<"requester" | "approver" | "admin", TestUser>;
  beforeAll(async () => {
    t = await startTestApp("bgthread", { BACKGROUND_THREAD: "true" });
    users = await createUsers(t, ["requester", "approver"]);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const raise = (title: string) => t.call("POST", "/api/requests", { token: users.requester.token, body: { title, amount: 40 } });

  it("run off the API's thread, and a command is answered from its read model and heard live by another user", async () => {
    expect(t.runtime.background?.thread).toBeTruthy();
    expect(t.runtime.runner).toBeNull();
    expect(t.runtime.relay).toBeNull();
    const approver = await liveKeys(t.url, users.approver.token);
    try {
      const created = await raise("Threaded");
      expect(created.statusCode).toBe(201);
      const id: string = created.json().id;
      expect(created.json()).toMatchObject({ title: "Threaded", status: "pending" });
      // Read-your-writes: the list the requester opens next already holds it.
      const list = await t.call("GET", "/api/requests?limit=50", { token: users.requester.token });
      expect(list.json().map((r: { id: string }) => r.id)).toContain(id);
      expect(await until(async () => (approver.keys.includes(`requests/${id}`) ? true : null), 2_000)).toBe(true);
    } finally {
      approver.close();
    }
  });

  it("report their health through the API", async () => {
    const health = await until(async () => {
      const res = await t.call("GET", "/api/health", { token: users.admin.token });
      return res.json().projections.lag?.behind === 0 ? res : null;
    }, 5_000);
    expect(health?.statusCode).toBe(200);
    expect(health?.json()).toMatchObject({ status: "ok", projections: { ok: true, error: null }, relay: { ok: true, error: null, behind: 0 } });
  });

  it("rebuild in the thread to the read models they keep live", async () => {
    for (let i = 0; i < 20; i++) expect((await raise(`Before rebuild ${i}`)).statusCode).toBe(201);
    const live = await snapshotReadModels(t.runtime.db, allProjections);
    await t.runtime.background!.rebuild();
    expect(await snapshotReadModels(t.runtime.db, allProjections)).toEqual(live);
  });

  it("start again when the thread dies, and lose no command meanwhile", async () => {
    const before = t.runtime.background!.thread!;
    await before.terminate();
    // Commands committed while no thread runs are saved, and answered once their read model catches up.
    const meanwhile = await raise("While the thread restarts");
    expect([201, 503]).toContain(meanwhile.statusCode);
    const after = await until(async () => {
      const res = await raise("After the restart");
      return res.statusCode === 201 ? res : null;
    }, 20_000);
    expect(after?.statusCode).toBe(201);
    expect(t.runtime.background!.thread).not.toBe(before);
    // An answer may come before the read models catch up (X-Projections-Behind): the list shows both once they have.
    const titles = async () =>
      (await t.call("GET", "/api/requests?limit=100", { token: users.requester.token })).json().map((r: { title: string }) => r.title) as string[];
    await expect.poll(titles, { timeout: 20_000 }).toEqual(expect.arrayContaining(["While the thread restarts", "After the restart"]));
  });
});
