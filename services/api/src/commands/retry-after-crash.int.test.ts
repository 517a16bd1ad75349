import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let requester: TestUser;
beforeAll(async () => {
  t = await startTestApp("retrycrash");
  requester = (await createUsers(t, ["requester"])).requester;
});
afterAll(async () => {
  await t?.stop();
});

/** What a process that died between the commit and its answer leaves: a claimed key, events, no stored answer. */
async function forgetAnswer(key: string) {
  await sql`update idempotency_keys set status_code = null, response = null, created_at = now() - interval '1 minute'
    where key = ${key}`.execute(t.runtime.db);
}

describe("a retry with the same Idempotency-Key after the first attempt died before answering", () => {
  it("is answered with the records the first attempt appended, and appends nothing", async () => {
    const headers = { "idempotency-key": "create-once" };
    const body = { title: "Monitor arm", amount: 89 };
    const first = await t.call("POST", "/api/requests", { token: requester.token, body, headers });
    expect(first.statusCode).toBe(201);
    await forgetAnswer("create-once");
    const events = await t.runtime.store.countEvents();

    const retry = await t.call("POST", "/api/requests", { token: requester.token, body, headers });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await t.runtime.store.countEvents()).toBe(events);

    const comment = { body: "Needed for the new desk" };
    const commentHeaders = { "idempotency-key": "comment-once" };
    const posted = await t.call("POST", `/api/requests/${first.json().id}/comments`, { token: requester.token, body: comment, headers: commentHeaders });
    expect(posted.statusCode, posted.body).toBe(201);
    await forgetAnswer("comment-once");
    const again = await t.call("POST", `/api/requests/${first.json().id}/comments`, { token: requester.token, body: comment, headers: commentHeaders });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(posted.json().id);
    const comments = await t.call("GET", `/api/requests/${first.json().id}/comments`, { token: requester.token });
    expect(comments.json().map((c: { id: string }) => c.id)).toEqual([posted.json().id]);
  });
});
