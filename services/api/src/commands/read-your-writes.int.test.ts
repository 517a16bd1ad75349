import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let requester: TestUser;
let approver: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await startTestApp("readwrites", { COMMAND_WAIT_MS: "1500" });
  ({ requester, approver, buyer } = await createUsers(t, ["requester", "approver", "buyer"]));
});
afterAll(async () => {
  await t?.stop();
});

/**
 * Holds every projection back until the answered function is called. In one thread the runner stops; in the
 * background thread its batches wait for checkpoint rows this holds locked (each batch locks them first).
 */
async function holdProjections(): Promise<() => Promise<void>> {
  const runner = t.runtime.runner;
  if (runner) {
    await runner.stop();
    return () => runner.start();
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const held = t.runtime.db.transaction().execute(async (trx) => {
    await sql`select name from checkpoints where name like 'projection:%' for update`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([isLocked, held]);
  return async () => {
    release();
    await held;
  };
}

const createRequest = (title: string, headers: Record<string, string> = {}) =>
  t.call("POST", "/api/requests", { token: requester.token, body: { title, amount: 40 }, headers });

describe("read your writes", () => {
  it("names the position every command's answer reached, first answers and replays alike, later writes after earlier ones", async () => {
    const headers = { "idempotency-key": "ryw-named" };
    const first = await createRequest("Desk lamp", headers);
    expect(first.statusCode, first.body).toBe(201);
    const position = first.headers["x-procure-position"];
    expect(position).toMatch(/^[0-9a-f]{32}$/);

    const replay = await createRequest("Desk lamp", headers);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.headers["x-procure-position"]).toBe(position);

    const approved = await t.call("POST", `/api/requests/${first.json().id}/approve`, { token: approver.token, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(String(approved.headers["x-procure-position"]) > String(position)).toBe(true);
  });

  it("waits on a replay as on a first answer, and a read sending the position waits, then shows the write", async () => {
    const created = await createRequest("Standing desk");
    const id = created.json().id as string;
    const headers = { "idempotency-key": "ryw-replay" };
    const release = await holdProjections();
    let approved;
    let replay;
    try {
      approved = await t.call("POST", `/api/requests/${id}/approve`, { token: approver.token, body: {}, headers });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().status).toBe("approved");
      expect(approved.headers["x-projections-behind"]).toBe("true");
      replay = await t.call("POST", `/api/requests/${id}/approve`, { token: approver.token, body: {}, headers });
    } catch (error) {
      await release();
      throw error;
    }
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers["x-procure-position"]).toBe(approved.headers["x-procure-position"]);
    expect(replay.headers["x-projections-behind"]).toBe("true");

    const read = t.call("GET", `/api/requests/${id}`, { token: requester.token, headers: { "x-procure-after": String(replay.headers["x-procure-position"]) } });
    await release();
    const seen = await read;
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id, status: "approved" });
  });

  it("answers 503 with Retry-After, never the older state, when the read models stay behind longer than the wait", async () => {
    const created = await createRequest("Chair");
    const id = created.json().id as string;
    const release = await holdProjections();
    try {
      const denied = await t.call("POST", `/api/requests/${id}/deny`, { token: approver.token, body: { comment: "Over budget" } });
      expect(denied.statusCode, denied.body).toBe(200);
      const after = String(denied.headers["x-procure-position"]);
      for (const path of [`/api/requests/${id}`, "/api/requests"]) {
        const read = await t.call("GET", path, { token: requester.token, headers: { "x-procure-after": after } });
        expect(read.statusCode, read.body).toBe(503);
        expect(read.json().error.code).toBe("projections_behind");
        expect(read.headers["retry-after"]).toBeDefined();
      }
    } finally {
      await release();
    }
  });

  it("refuses a position the API did not give with a 400", async () => {
    for (const after of ["yesterday", "0".repeat(31), "Z".repeat(32)]) {
      const read = await t.call("GET", "/api/requests", { token: requester.token, headers: { "x-procure-after": after } });
      expect(read.statusCode, read.body).toBe(400);
      expect(read.json().error.code).toBe("validation_error");
    }
  });

  it("is in the API description: the header a read sends back, and where its value comes from", async () => {
    const docs = await t.call("GET", "/api/docs/json");
    const description = docs.json();
    expect(description.info.description).toContain("X-Procure-Position");
    const parameters = description.paths["/api/requests/{id}"].get.parameters as { in: string; name: string }[];
    expect(parameters).toContainEqual(expect.objectContaining({ in: "header", name: "x-procure-after" }));
  });

  it("answers before the read models catch up with exactly what they show once caught up: the projections' own folds", async () => {
    const release = await holdProjections();
    const answers: { path: string; token: string; body: unknown; position: string }[] = [];
    const answered = (path: string, token: string, res: Awaited<ReturnType<TestApp["call"]>>) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      answers.push({ path, token, body: res.json(), position: String(res.headers["x-procure-position"]) });
      return res.json();
    };
    try {
      const created = answered("", requester.token, await createRequest("Monitor"));
      answers[0]!.path = `/api/requests/${created.id}`;
      const approve = await t.call("POST", `/api/requests/${created.id}/approve`, { token: approver.token, body: {} });
      answered(`/api/requests/${created.id}`, requester.token, approve);
      const order = await t.call("POST", "/api/orders", { token: buyer.token, body: { vendor_name: "Acme", total: 120 } });
      const saved = answered("", buyer.token, order);
      answers.at(-1)!.path = `/api/orders/${saved.id}`;
      const patched = await t.call("PATCH", `/api/orders/${saved.id}`, { token: buyer.token, body: { notes: "Rush" } });
      answered(`/api/orders/${saved.id}`, buyer.token, patched);
      const comment = await t.call("POST", `/api/requests/${created.id}/comments`, { token: requester.token, body: { body: "Thanks" } });
      const posted = answered(`/api/requests/${created.id}/comments`, requester.token, comment);
      answers.at(-1)!.body = [posted];
    } finally {
      await release();
    }
    const last = answers.at(-1)!.position;
    for (const { path, token, body } of answers.filter((a, i) => answers.findLastIndex((b) => b.path === a.path) === i)) {
      const read = await t.call("GET", path, { token, headers: { "x-procure-after": last } });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json(), path).toEqual(body);
    }
  });
});
