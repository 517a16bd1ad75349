import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { purchaseRequest, settingsExport } from "@procure/contracts";
import { freePort } from "@procure/infra/testing/free-port";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { addUser, createUsers, type TestUser } from "@procure/infra/testing/users";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "@procure/notifier/testing/smtp-sink";

// No PUBLIC_URL: links follow the address the server listens on.
let port: number;
let t: TestApp;
let sink: SmtpSink;
let users: Awaited<ReturnType<typeof createUsers>>;
/** A second approver, away: their delegate, an admin (mailed for no approver stage in their own right), decides in their place. */
let away: TestUser;
let stand: TestUser;

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  sink = await startSmtpSink();
  port = await freePort();
  t = await startTestApp("mail-recipients", { SMTP_URL: sink.url, PORT: String(port), BACKGROUND_THREAD: "false" });
  users = await createUsers(t);
  away = await addUser(t, users.admin, "approver");
  stand = await addUser(t, users.admin, "admin");
  const delegated = await t.call("PUT", "/api/me/delegation", { token: away.token, body: { delegate_id: stand.id, starts_on: today(), ends_on: inDays(5) } });
  expect(delegated.statusCode, delegated.body).toBe(200);
  for (const [name, min_amount, max_amount, stages] of [
    ["Two stages", 5000, 6000, ["approver", "finance"]],
    ["Admins only", 7000, 8000, ["admin"]],
  ] as const) {
    const rule = await t.call("POST", "/api/approval-rules", { token: users.admin.token, body: { name, min_amount, max_amount, stages } });
    expect(rule.statusCode, rule.body).toBe(201);
  }
});
afterAll(async () => {
  await t?.stop();
  await sink?.stop();
});

const publicUrl = () => `http://127.0.0.1:${port}`;
const subjectOf = (mail: ReceivedMail) => mail.headers.get("subject") ?? "";
const mailTo = (email: string, subject: string) => (mail: ReceivedMail) => mail.to.includes(email) && subjectOf(mail).includes(subject);

async function raise(title: string, amount: number) {
  const res = await t.call("POST", "/api/requests", { token: users.requester.token, body: { title, amount } });
  expect(res.statusCode, res.body).toBe(201);
  return purchaseRequest.parse(res.json());
}

/** Everyone an "Approval needed" about `title` went to so far (each event's recipients are written together). */
async function askedToDecide(title: string): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`select email from notification_outbox
    where kind = 'decision-needed' and position(${title} in subject) > 0`.execute(t.runtime.db);
  return rows.map((r) => r.email).sort();
}

describe("approval needed goes to the waiting stage's deciders", () => {
  it("a two-stage request mails the approvers (a delegate in place of one away), then finance once the approver stage is approved", async () => {
    const request = await raise("Server rack", 5500);
    const first = await sink.waitFor(mailTo(users.approver.email, "Approval needed: Server rack"));
    await sink.waitFor(mailTo(stand.email, "Approval needed: Server rack"));
    expect(await askedToDecide("Server rack")).toEqual([users.approver.email, stand.email].sort());
    expect(first.text).toContain(`${publicUrl()}/app/requests/${request.id}`);
    expect(first.headers.get("list-unsubscribe")).toContain(`<${publicUrl()}/api/notifications/unsubscribe?`);

    const approved = await t.call("POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const next = await sink.waitFor(mailTo(users.finance.email, "Approval needed: Server rack"));
    expect(next.text).toContain("at the finance stage");
    expect(await askedToDecide("Server rack")).toEqual([users.approver.email, stand.email, users.finance.email].sort());
  });

  it("admins are mailed for a stage whose role is admin only", async () => {
    await raise("Office lease", 7500);
    await sink.waitFor(mailTo(users.admin.email, "Approval needed: Office lease"));
    await sink.waitFor(mailTo(stand.email, "Approval needed: Office lease"));
    expect(await askedToDecide("Office lease")).toEqual([users.admin.email, stand.email].sort());
  });
});

describe("an invited member", () => {
  it("gets an invitation naming who invited them, with a link to sign in and never the password", async () => {
    const email = `invited-${Date.now()}@example.com`;
    const created = await t.call("POST", "/api/users", { token: users.admin.token, body: { email, role: "approver" } });
    expect(created.statusCode, created.body).toBe(201);
    const { temporaryPassword } = created.json() as { temporaryPassword: string };
    const mail = await sink.waitFor(mailTo(email, "You're invited to Procure"));
    expect(mail.text).toContain(users.admin.email);
    expect(mail.text).toContain(`${publicUrl()}/login?email=${encodeURIComponent(email)}`);
    expect(mail.raw).not.toContain(temporaryPassword);
    expect(mail.text).not.toContain(temporaryPassword);
  });

  it("is not invited when a settings import brings them in inactive; an active one in the same import is", async () => {
    const exported = await t.call("GET", "/api/settings/export", { token: users.admin.token });
    expect(exported.statusCode, exported.body).toBe(200);
    const document = settingsExport.parse(exported.json());
    const [active, inactive] = ["active", "inactive"].map((state) => `imported-${state}-${Date.now()}@example.com`) as [string, string];
    const members = [
      { email: active, role: "buyer", active: true, email_notifications: "daily" },
      { email: inactive, role: "buyer", active: false, email_notifications: "daily" },
    ] as const;
    const imported = await t.call("POST", "/api/settings/import", { token: users.admin.token, body: { ...document, users: [...document.users, ...members] } });
    expect(imported.statusCode, imported.body).toBe(200);
    // Both members are registered in the one append the invitation of the active one comes from.
    await sink.waitFor(mailTo(active, "You're invited to Procure"));
    const queued = await sql<{ email: string }>`select email from notification_outbox where email in (${active}, ${inactive})`.execute(t.runtime.db);
    expect(queued.rows.map((row) => row.email)).toEqual([active]);
  });
});
