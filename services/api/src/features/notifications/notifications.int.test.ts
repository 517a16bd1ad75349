import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { errorBody, notificationSettings, purchaseOrder, purchaseRequest, staleUnsubscribeLinkMessage, type NewEvent, type Role } from "@procure/contracts";
import { requestStreamId } from "@procure/domain";
import { createNotifier } from "@procure/infra/runtime";
import { appendEvents } from "@procure/infra/testing/catalogue-events";
import { receiveOrder } from "@procure/infra/testing/receive-order";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import type { Notifier } from "@procure/notifier";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "@procure/notifier/testing/smtp-sink";

const PUBLIC_URL = "https://procure.example.test";
let t: TestApp;
let sink: SmtpSink;
let users: Record<Role, TestUser>;
let notifier: Notifier;
/** The notifier's clock runs ahead of the wall clock by this much: the summary test moves it to 08:00. */
let clockAhead = 0;
const notifiers: Notifier[] = [];

function startNotifier(pace: { sendPerSecond?: number; concurrency?: number } = {}) {
  const copy = createNotifier(t.runtime.env, t.runtime.db, t.runtime.store, t.runtime.bus, {
    secret: t.runtime.env.JWT_SECRET!,
    now: () => new Date(Date.now() + clockAhead),
    retryScheduleMs: Array(40).fill(150),
    pollMs: 100,
    ...pace,
  });
  notifiers.push(copy);
  return copy.start().then(() => copy);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp("notifications", { SMTP_URL: sink.url, PUBLIC_URL, BACKGROUND_THREAD: "false" });
  // A notifier of the test's own: the same as the product's, with a clock and retry schedule the test drives.
  await t.runtime.notifier!.stop();
  notifier = await startNotifier();
  users = await createUsers(t);
});
afterAll(async () => {
  for (const copy of notifiers) await copy.stop();
  await t?.stop();
  await sink?.stop();
});

async function newUser(role: Role): Promise<TestUser> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await t.call("POST", "/api/users", { token: users.admin.token, body: { email, role, password: "secret-pass-4821" } });
  expect(created.statusCode, created.body).toBe(201);
  const login = await t.call("POST", "/api/auth/login", { body: { email, password: "secret-pass-4821" } });
  return { ...login.json().user, token: login.json().token };
}

async function createRequest(title: string, by = users.requester) {
  const res = await t.call("POST", "/api/requests", { token: by.token, body: { title, amount: 120 } });
  expect(res.statusCode, res.body).toBe(201);
  return purchaseRequest.parse(res.json());
}

type OutboxRow = { email: string; status: string; subject: string; kind: string; digest_at: string | null };

/** The outbox rows whose subject names `title`, once the batch that wrote them committed (all its rows at once). */
async function rowsAbout(title: string, kind?: string): Promise<OutboxRow[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await sql<OutboxRow>`select email, status, subject, kind, digest_at from notification_outbox
      where position(${title} in subject) > 0 and (${kind ?? null}::text is null or kind = ${kind ?? null})`.execute(t.runtime.db);
    if (rows.length > 0) return rows;
    if (Date.now() > deadline) throw new Error(`no outbox rows about ${title}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const subjectOf = (mail: ReceivedMail) => mail.headers.get("subject") ?? "";
/** The plain-text part as a reader sees it, line by line. */
const plainLines = (mail: ReceivedMail) => {
  const part = mail.text
    .split(/Content-Type: text\/plain[^\n]*\n/i)[1]!
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  return part.split(/\r?\n--/)[0]!.split(/\r?\n/);
};
const form = { "content-type": "application/x-www-form-urlencoded" };
const unsubscribePathOf = (mail: ReceivedMail) => /<([^>]+)>/.exec(mail.headers.get("list-unsubscribe")!)![1]!.slice(PUBLIC_URL.length);
const unsubscribe = (path: string) => t.call("POST", path, { body: "List-Unsubscribe=One-Click", headers: form });
const mailTo = (user: { email: string }, subjectPart: string) => (mail: ReceivedMail) => mail.to.includes(user.email) && subjectOf(mail).includes(subjectPart);

describe("who hears what", () => {
  it("a new request: everyone who may decide it, never its requester", async () => {
    const request = await createRequest("Standing desk");
    const mail = await sink.waitFor(mailTo(users.approver, "Approval needed: Standing desk"));
    const recipients = (await rowsAbout("Standing desk")).map((r) => r.email);
    expect(recipients).toContain(users.approver.email);
    expect(recipients).not.toContain(users.requester.email);
    expect(recipients).not.toContain(users.buyer.email);

    // The mail itself: both parts, the link, a stable Message-ID and one-click unsubscribe.
    expect(mail.raw).toContain("text/plain");
    expect(mail.raw).toContain("text/html");
    expect(mail.text).toContain(`${PUBLIC_URL}/app/requests/${request.id}`);
    expect(mail.headers.get("message-id")).toMatch(/^<[0-9a-f]{40}@procure\.example\.test>$/);
    expect(mail.headers.get("list-unsubscribe")).toMatch(new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?user=${users.approver.id}&token=`));
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("approved: the requester with the comment, and buyers; the approver, who acted, hears nothing", async () => {
    const request = await createRequest("Monitor arm");
    const approved = await t.call("POST", `/api/requests/${request.id}/approve`, { token: users.approver.token, body: { comment: "Go ahead, within budget" } });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await sink.waitFor(mailTo(users.requester, "Request approved: Monitor arm"));
    expect(mail.text).toContain("Go ahead, within budget");
    await sink.waitFor(mailTo(users.buyer, "Ready for a purchase order: Monitor arm"));
    const approvedRows = await rowsAbout("Monitor arm", "request-approved");
    const readyRows = await rowsAbout("Monitor arm", "ready-for-po");
    expect([...approvedRows, ...readyRows].map((r) => r.email)).not.toContain(users.approver.email);
  });

  it("denied: the requester, with the comment", async () => {
    const request = await createRequest("Gold stapler");
    await t.call("POST", `/api/requests/${request.id}/deny`, { token: users.finance.token, body: { comment: "Not in this budget" } });
    const mail = await sink.waitFor(mailTo(users.requester, "Request denied: Gold stapler"));
    expect(mail.text).toContain("Not in this budget");
  });

  it("the request's PO issued, then received: the requester each time", async () => {
    const request = await createRequest("Label printer");
    await t.call("POST", `/api/requests/${request.id}/approve`, { token: users.approver.token });
    const body = { po_number: "PO-NOTIFY-1", vendor_name: "Acme", total: 120, request_id: request.id };
    const order = await t.call("POST", "/api/orders", { token: users.buyer.token, body: { ...body, status: "issued" } });
    expect(order.statusCode, order.body).toBe(201);
    await sink.waitFor(mailTo(users.requester, "PO PO-NOTIFY-1 issued: Label printer"));
    await receiveOrder(t, users.buyer.token, purchaseOrder.parse(order.json()), "all");
    await sink.waitFor(mailTo(users.requester, "PO PO-NOTIFY-1 received: Label printer"));
  });

  it("a request whose title in the log holds line breaks is mailed with it on one line: it adds no line of its own", async () => {
    // Titles with line breaks are refused now; one recorded before is copied into the log as it was.
    const template = await createRequest("Line-break template");
    const [created] = await t.runtime.store.readStream(requestStreamId(template.id));
    const id = randomUUID();
    const title = "Old chair\r\nBcc: someone@example.com\r\n\r\nReview the request: https://evil.test/phish";
    const data = { ...(created!.data as object), request_id: id, title };
    await appendEvents(t, "request", requestStreamId(id), [{ type: "RequestCreated", data } as NewEvent]);

    const flat = "Old chair Bcc: someone@example.com Review the request: https://evil.test/phish";
    const mail = await sink.waitFor(mailTo(users.approver, `Approval needed: ${flat}`));
    const lines = plainLines(mail);
    expect(lines[0]).toBe(`${users.requester.email} requested "${flat}" ($120.00).`);
    expect(lines.filter((line) => /^(Bcc:|Review the request: https:\/\/evil)/.test(line))).toEqual([]);
    expect(lines).toContain(`Review the request: ${PUBLIC_URL}/app/requests/${id}`);
  });

  it("a public work order's submitter, at each status change, with the status and note", async () => {
    const submitted = await t.call("POST", "/api/work-orders", {
      body: { title: "Broken door lock", requesterName: "Sam", requesterEmail: "sam@example.org" },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id as string;
    const triaged = await t.call("PATCH", `/api/work-orders/${id}`, { token: users.buyer.token, body: { status: "in-progress", note: "Locksmith booked" } });
    expect(triaged.statusCode, triaged.body).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes("sam@example.org") && subjectOf(m).includes(`Work order #${id}`));
    expect(mail.text).toContain("Locksmith booked");
    expect(mail.headers.get("list-unsubscribe")).toBeUndefined();
  });
});

describe("preferences", () => {
  it("answers immediate by default, takes daily and off, and refuses anything else", async () => {
    const someone = await newUser("requester");
    const read = await t.call("GET", "/api/me/notifications", { token: someone.token });
    expect(notificationSettings.parse(read.json())).toEqual({ email: "immediate" });
    const bad = await t.call("PUT", "/api/me/notifications", { token: someone.token, body: { email: "weekly" } });
    expect(bad.statusCode).toBe(400);
    const daily = await t.call("PUT", "/api/me/notifications", { token: someone.token, body: { email: "daily" } });
    expect(daily.json()).toEqual({ email: "daily" });
    expect((await t.call("GET", "/api/me/notifications", { token: someone.token })).json()).toEqual({ email: "daily" });
    expect((await t.call("GET", "/api/me/notifications")).statusCode).toBe(401);
  });

  it("off: the user's mails are recorded as skipped and never sent", async () => {
    const quiet = await newUser("approver");
    await t.call("PUT", "/api/me/notifications", { token: quiet.token, body: { email: "off" } });
    await createRequest("Quiet chair");
    await sink.waitFor(mailTo(users.approver, "Approval needed: Quiet chair"));
    const rows = await rowsAbout("Quiet chair");
    expect(rows.find((r) => r.email === quiet.email)?.status).toBe("skipped");
    expect(sink.mails.some(mailTo(quiet, "Quiet chair"))).toBe(false);
  });

  it("one-click unsubscribe turns e-mail off without a session; a tampered link is refused", async () => {
    const reader = await newUser("approver");
    await createRequest("Whiteboard");
    const path = unsubscribePathOf(await sink.waitFor(mailTo(reader, "Approval needed: Whiteboard")));
    const tampered = await t.call(
      "POST",
      path.replace(/token=(.)/, (_m, c: string) => `token=${c === "A" ? "B" : "A"}`),
      {
        body: "List-Unsubscribe=One-Click",
        headers: form,
      },
    );
    expect(tampered.statusCode, tampered.body).toBe(403);
    const otherUser = await t.call("POST", path.replace(reader.id, users.approver.id), { body: "List-Unsubscribe=One-Click", headers: form });
    expect(otherUser.statusCode).toBe(403);
    expect((await t.call("GET", "/api/me/notifications", { token: reader.token })).json()).toEqual({ email: "immediate" });

    const done = await unsubscribe(path);
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.call("GET", "/api/me/notifications", { token: reader.token })).json()).toEqual({ email: "off" });
    await createRequest("Second whiteboard");
    await sink.waitFor(mailTo(users.approver, "Approval needed: Second whiteboard"));
    expect((await rowsAbout("Second whiteboard")).find((r) => r.email === reader.email)?.status).toBe("skipped");
  });

  it("an unsubscribe link made before the user last changed their preference is refused; a fresh one works", async () => {
    const reader = await newUser("approver");
    await createRequest("Old link lamp");
    const old = unsubscribePathOf(await sink.waitFor(mailTo(reader, "Approval needed: Old link lamp")));
    expect(old).toMatch(/&v=0$/);
    // Off and back on in the app: the mail's link no longer speaks for the user.
    for (const email of ["off", "immediate"]) {
      expect((await t.call("PUT", "/api/me/notifications", { token: reader.token, body: { email } })).statusCode).toBe(200);
    }
    const refused = await unsubscribe(old);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorBody.parse(refused.json()).error.message).toBe(staleUnsubscribeLinkMessage);
    expect((await t.call("GET", "/api/me/notifications", { token: reader.token })).json()).toEqual({ email: "immediate" });
    // A version the link was not signed for is not a way around it.
    expect((await unsubscribe(old.replace(/&v=0$/, "&v=2"))).statusCode).toBe(403);

    await createRequest("New link lamp");
    const fresh = unsubscribePathOf(await sink.waitFor(mailTo(reader, "Approval needed: New link lamp")));
    expect(fresh).toMatch(/&v=2$/);
    const done = await unsubscribe(fresh);
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.call("GET", "/api/me/notifications", { token: reader.token })).json()).toEqual({ email: "off" });
    // Clicked twice (mail clients do), the same link still answers that e-mail is off.
    expect((await unsubscribe(fresh)).statusCode).toBe(200);
  });

  it("daily: the day's mails wait, then go as one summary at 08:00", async () => {
    const reader = await newUser("approver");
    await t.call("PUT", "/api/me/notifications", { token: reader.token, body: { email: "daily" } });
    await createRequest("Desk lamp");
    await createRequest("Desk fan");
    await sink.waitFor(mailTo(users.approver, "Approval needed: Desk fan"));
    const held = [...(await rowsAbout("Desk lamp")), ...(await rowsAbout("Desk fan"))].filter((r) => r.email === reader.email);
    expect(held.map((r) => r.status)).toEqual(["held", "held"]);
    const due = new Date(held[0]!.digest_at!);
    expect(due.getUTCHours()).toBe(8);
    expect(due.getUTCMinutes()).toBe(0);
    // Their invitation went at once: it is sent to the address, whatever the account later chooses.
    const summaryTo = (m: ReceivedMail) => m.to.includes(reader.email) && !subjectOf(m).startsWith("You're invited");
    expect(sink.mails.some(summaryTo)).toBe(false);

    clockAhead = due.getTime() - Date.now() + 1_000;
    notifier.wake();
    const digest = await sink.waitFor(summaryTo);
    expect(subjectOf(digest)).toBe("Your daily summary: 2 updates");
    expect(digest.text).toContain("Approval needed: Desk lamp");
    expect(digest.text).toContain("Approval needed: Desk fan");
  });
});

describe("delivery", () => {
  it("a mail server that is down gets the mail once it is back", async () => {
    await sink.down();
    try {
      await createRequest("Paper shredder");
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await sql<{ attempts: number; last_error: string | null }>`select attempts, last_error from notification_outbox
          where subject = 'Approval needed: Paper shredder' and email = ${users.approver.email}`.execute(t.runtime.db);
        if (rows[0] && rows[0].attempts >= 2 && rows[0].last_error) break;
        if (Date.now() > deadline) throw new Error("the mail was never tried");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await sink.up();
    }
    await sink.waitFor(mailTo(users.approver, "Approval needed: Paper shredder"));
  });

  it("two notifiers at once send each mail once", async () => {
    await startNotifier();
    const titles = Array.from({ length: 8 }, (_, i) => `Parallel item ${i}`);
    await Promise.all(titles.map((title) => createRequest(title)));
    for (const title of titles) await sink.waitFor(mailTo(users.approver, `Approval needed: ${title}`));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from notification_outbox where status = 'pending'`.execute(t.runtime.db);
      if (rows[0]!.n === 0) break;
      if (Date.now() > deadline) throw new Error("mails still pending");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const sent = await sql<{ n: number }>`select count(*)::int as n from notification_outbox where status = 'sent'`.execute(t.runtime.db);
    expect(sink.mails.length).toBe(sent.rows[0]!.n);
    const ids = sink.mails.map((m) => m.headers.get("message-id"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("two notifiers taking turns each decide on the preference as last set, whichever of them read it", async () => {
    await startNotifier();
    const turns = await newUser("approver");
    for (let i = 0; i < 6; i++) {
      const email = i % 2 === 0 ? "off" : "immediate";
      const set = await t.call("PUT", "/api/me/notifications", { token: turns.token, body: { email } });
      expect(set.statusCode, set.body).toBe(200);
      await createRequest(`Turn-taking ${i}`);
      const rows = await rowsAbout(`Turn-taking ${i}`);
      const theirs = rows.filter((row) => row.email === turns.email);
      expect(theirs).toHaveLength(1);
      if (email === "off") expect(theirs[0]!.status).toBe("skipped");
      else expect(["pending", "sent"]).toContain(theirs[0]!.status);
    }
  });

  it("a burst goes out at the notifier's pace, every mail of it", async () => {
    for (const copy of notifiers) await copy.stop();
    const rate = 5;
    const burst = 4;
    const paced = await startNotifier({ sendPerSecond: rate, concurrency: burst });
    const before = sink.mails.length;
    const titles = Array.from({ length: 8 }, (_, i) => `Paced item ${i}`);
    for (const title of titles) await createRequest(title);
    const deadline = Date.now() + 30_000;
    while (!titles.every((title) => sink.mails.some(mailTo(users.approver, `Approval needed: ${title}`)))) {
      if (Date.now() > deadline) throw new Error("the paced mails did not all arrive");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // In any stretch of arrivals, never more than the burst plus the rate's share of that stretch. Judged by when the
    // sink took each mail, not by when this test looked; the slack covers a busy machine's scheduling, and is far less
    // than an unpaced burst of this size needs.
    const arrivals = sink.mails.slice(before).map((mail) => mail.receivedAt);
    const slackMs = 250;
    for (let i = 0; i < arrivals.length; i++) {
      for (let j = i; j < arrivals.length; j++) {
        const allowed = burst + Math.floor((rate * (arrivals[j]! - arrivals[i]! + slackMs)) / 1000) + 1;
        expect(j - i + 1, `mails ${i + 1}–${j + 1} of the burst came ${arrivals[j]! - arrivals[i]!} ms apart`).toBeLessThanOrEqual(allowed);
      }
    }
    // More than one round's worth went, so the pace, not a lucky single round, was what held them.
    expect(sink.mails.length - before).toBeGreaterThan(burst * 2);
    await paced.stop();
  });
});
