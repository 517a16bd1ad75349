import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { sql } from "kysely";
import WebSocket from "ws";
import { readStreamMessages, streamMessageCount } from "@procure/infra/testing/jetstream";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp("authsec");
});
afterAll(async () => {
  await t?.stop();
});

const password = "correct-horse-battery";
const signup = (email: string, role = "requester", headers: Record<string, string> = {}) =>
  t.call("POST", "/api/auth/signup", { body: { email, password, role }, headers });

async function eventsOfType(type: string) {
  const { rows } = await sql<{ data: Record<string, unknown> }>`select data from events where type = ${type}`.execute(t.runtime.db);
  return rows.map((r) => r.data);
}

/** The stream's messages once the relay has published everything in the log. */
async function publishedMessages(): Promise<string[]> {
  const natsUrl = t.services.natsUrl!;
  const stream = t.services.env.NATS_STREAM!;
  const deadline = Date.now() + 10_000;
  const head = await t.runtime.store.countEvents();
  while ((await streamMessageCount(natsUrl, stream)) < head && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return readStreamMessages(natsUrl, stream);
}

/** A token signed with the right secret but without `exp`, as a leaked or hand-made one would be. */
function tokenWithoutExpiry(claims: Record<string, unknown>) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ ...claims, iat: Math.floor(Date.now() / 1000) })}`;
  const signature = createHmac("sha256", t.services.env.JWT_SECRET!).update(unsigned).digest("base64url");
  return `${unsigned}.${signature}`;
}

describe("first admin", () => {
  it("is granted to exactly one of ten racing admin sign-ups; the rest become requesters", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signup(`racer-${i}@example.com`, "admin")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const roles = answers.map((a) => a.json().user.role).sort();
    expect(roles).toEqual(["admin", ...Array(9).fill("requester")]);
    const registered = await eventsOfType("UserRegistered");
    expect(registered.filter((d) => d.role === "admin")).toHaveLength(1);
  });

  it("keeps the spec's answer for a taken email", async () => {
    const again = await signup("racer-0@example.com");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("That email is already registered.");
  });
});

describe("secrets", () => {
  it("never enter the event log, the bus or the idempotency store", async () => {
    const admin = await t.call("POST", "/api/auth/login", { body: { email: "racer-0@example.com", password } });
    const adminLogin = answersAdmin(admin.json()) ? admin : await firstAdminLogin();
    const token = adminLogin.json().token as string;

    const first = await signup("keyed@example.com", "requester", { "idempotency-key": "signup-1" });
    expect(first.statusCode).toBe(201);
    const replay = await signup("keyed@example.com", "requester", { "idempotency-key": "signup-1" });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().user).toEqual(first.json().user);
    // A replay signs a fresh token, which works.
    expect((await t.call("GET", "/api/me", { token: replay.json().token })).statusCode).toBe(200);

    const invite = await t.call("POST", "/api/users", {
      token,
      body: { email: "invited@example.com", role: "buyer" },
      headers: { "idempotency-key": "invite-1" },
    });
    expect(invite.statusCode).toBe(201);
    const temporaryPassword = invite.json().temporaryPassword as string;
    expect(temporaryPassword).toHaveLength(16);
    const invitedAgain = await t.call("POST", "/api/users", {
      token,
      body: { email: "invited@example.com", role: "buyer" },
      headers: { "idempotency-key": "invite-1" },
    });
    expect(invitedAgain.statusCode).toBe(201);
    expect(invitedAgain.json().user).toEqual(invite.json().user);
    expect(invitedAgain.json().temporaryPassword).toBeUndefined();
    expect((await t.call("POST", "/api/auth/login", { body: { email: "invited@example.com", password: temporaryPassword } })).statusCode).toBe(200);

    const registered = await eventsOfType("UserRegistered");
    expect(registered.length).toBeGreaterThan(10);
    for (const data of registered) {
      expect(data).not.toHaveProperty("password_hash");
      expect(data.password_set).toBe(true);
    }
    const { rows: log } = await sql<{ text: string }>`select data::text || metadata::text as text from events`.execute(t.runtime.db);
    for (const { text } of log) expect(text).not.toMatch(/scrypt\$|password_hash/);

    const { rows: kept } = await sql<{ text: string | null }>`select response::text as text from idempotency_keys`.execute(t.runtime.db);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const { text } of kept) {
      expect(text ?? "").not.toContain(temporaryPassword);
      expect(text ?? "").not.toMatch(/"token"|eyJ/);
    }

    if (t.services.natsUrl) {
      const messages = await publishedMessages();
      expect(messages.some((m) => m.includes("UserRegistered"))).toBe(true);
      for (const message of messages) expect(message).not.toMatch(/password_hash|scrypt\$/);
    }
  });
});

function answersAdmin(body: { user?: { role?: string } }) {
  return body.user?.role === "admin";
}
async function firstAdminLogin() {
  const registered = await eventsOfType("UserRegistered");
  const email = String(registered.find((d) => d.role === "admin")!.email);
  return t.call("POST", "/api/auth/login", { body: { email, password } });
}

describe("sessions", () => {
  it("end at logout: the token answers 401 and its websocket is closed", async () => {
    const created = await signup("leaving@example.com");
    const token = created.json().token as string;
    expect((await t.call("GET", "/api/me", { token })).statusCode).toBe(200);

    const socket = new WebSocket(t.url.replace(/^http/, "ws") + "/api/live", ["bearer", token]);
    await new Promise<void>((resolve, reject) => {
      socket.once("message", () => resolve());
      socket.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));

    expect((await t.call("POST", "/api/auth/logout", { token })).statusCode).toBe(204);
    expect((await t.call("GET", "/api/me", { token })).statusCode).toBe(401);
    expect((await t.call("GET", "/api/requests", { token })).statusCode).toBe(401);
    expect(await closed).toBe(4001);

    const again = await t.call("POST", "/api/auth/login", { body: { email: "leaving@example.com", password } });
    expect((await t.call("GET", "/api/me", { token: again.json().token })).statusCode).toBe(200);
  });

  it("refuse a correctly signed token without an expiry, and one for an account that does not exist", async () => {
    const created = await signup("no-exp@example.com");
    const { id, email, role } = created.json().user;
    expect((await t.call("GET", "/api/me", { token: tokenWithoutExpiry({ sub: id, email, role, ver: 0 }) })).statusCode).toBe(401);
    const ghost = t.app.jwt.sign({ sub: "00000000-0000-4000-8000-000000000000", email: "ghost@example.com", role: "admin", ver: 0 });
    expect((await t.call("GET", "/api/requests", { token: ghost })).statusCode).toBe(401);
  });

  it("are each checked for their own account when many requests arrive together", async () => {
    const [first, second, leaving] = await Promise.all(
      ["together-1@example.com", "together-2@example.com", "together-3@example.com"].map((email) => signup(email)),
    );
    const leavingToken = leaving!.json().token as string;
    expect((await t.call("POST", "/api/auth/logout", { token: leavingToken })).statusCode).toBe(204);
    const notAnAccount = t.app.jwt.sign({ sub: "not-an-account-id", email: "odd@example.com", role: "admin", ver: 0 });
    const callers = [
      ...Array.from({ length: 12 }, () => ({ token: first!.json().token as string, expected: "together-1@example.com" })),
      ...Array.from({ length: 12 }, () => ({ token: second!.json().token as string, expected: "together-2@example.com" })),
      ...Array.from({ length: 6 }, () => ({ token: leavingToken, expected: null })),
      ...Array.from({ length: 6 }, () => ({ token: notAnAccount, expected: null })),
    ].sort(() => Math.random() - 0.5);

    const answers = await Promise.all(callers.map(({ token }) => t.call("GET", "/api/me", { token })));

    answers.forEach((answer, i) => {
      const { expected } = callers[i]!;
      expect(answer.statusCode).toBe(expected ? 200 : 401);
      if (expected) expect(answer.json().user.email).toBe(expected);
    });
  });

  it("read the role from the users read model on each request, not from the token", async () => {
    const created = await signup("claims-admin@example.com");
    const { id, email } = created.json().user;
    const forged = t.app.jwt.sign({ sub: id, email, role: "admin", ver: 0 });
    expect((await t.call("GET", "/api/users", { token: forged })).statusCode).toBe(403);
  });
});

describe("a live websocket", () => {
  it("is closed when its token expires", async () => {
    const shortLived = await startTestApp("shorttoken", { JWT_EXPIRES_IN: "3s" });
    try {
      const created = await shortLived.call("POST", "/api/auth/signup", { body: { email: "brief@example.com", password } });
      const socket = new WebSocket(shortLived.url.replace(/^http/, "ws") + "/api/live", ["bearer", created.json().token]);
      const closed = new Promise<{ code: number; at: number }>((resolve) => socket.once("close", (code) => resolve({ code, at: Date.now() })));
      await new Promise<void>((resolve, reject) => {
        socket.once("message", () => resolve());
        socket.once("error", reject);
      });
      const opened = Date.now();
      const { code, at } = await closed;
      expect(code).toBe(4001);
      expect(at - opened).toBeLessThan(5_000);
    } finally {
      await shortLived.stop();
    }
  });
});
