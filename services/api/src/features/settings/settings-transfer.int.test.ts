import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import {
  categorySummary,
  createWebhookResponse,
  errorBody,
  lastAdminMessage,
  settingsExport,
  settingsImportResult,
  type Role,
  type SettingsExport,
} from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

/** Webhooks here point at this machine's discard port and stay disabled: nothing is ever delivered. */
const env = { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" };
let source: TestApp;
let target: TestApp;
let users: Record<Role, TestUser>;
let targetAdmin: TestUser;
let webhookSecret: string;
const formerEmail = `former-${Date.now()}@example.com`;
beforeAll(async () => {
  // One after the other: two products starting at once on a busy machine can outrun a plugin's start-up timeout.
  source = await startTestApp("settings-export", env);
  target = await startTestApp("settings-import", env);
  users = await createUsers(source);
  targetAdmin = (await createUsers(target, [])).admin;
  await configure();
}, 120_000);
afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

async function configure() {
  const admin = users.admin.token;
  await expectCall(source, "PATCH", "/api/settings/diligence", { token: admin, body: { required_kinds: ["w9", "contract"], block_orders: true } });
  await expectCall(source, "PATCH", "/api/settings/matching", { token: admin, body: { tolerance_percent: 5 } });
  await expectCall(source, "PATCH", "/api/settings/controls", { token: admin, body: { approver_cannot_pay_invoice: false } });
  const parent = await expectCall(source, "POST", "/api/categories", { token: admin, body: { name: "Facilities" }, status: 201, schema: categorySummary });
  const child = await expectCall(source, "POST", "/api/categories", {
    token: admin,
    body: { name: "Cleaning", parent_id: parent.id, units_of_measure: ["each", "box"], requires_finance_review: true },
    status: 201,
    schema: categorySummary,
  });
  await expectCall(source, "POST", "/api/budgets", { token: admin, body: { category_id: child.id, period: "2026", amount: 12_000 }, status: 201 });
  await expectCall(source, "POST", "/api/approval-rules", {
    token: admin,
    body: { name: "Big cleaning", min_amount: 5000, max_amount: null, category_id: child.id, stages: ["approver", "finance"] },
    status: 201,
  });
  const endpoint = await expectCall(source, "POST", "/api/webhooks", {
    token: admin,
    body: { url: "http://127.0.0.1:9/settings-hook", description: "ERP", event_types: ["vendor.registered"], enabled: false },
    status: 201,
    schema: createWebhookResponse,
  });
  webhookSecret = endpoint.secret!;
  const former = await expectCall(source, "POST", "/api/users", { token: admin, body: { email: formerEmail, role: "buyer" }, status: 201 });
  await expectCall(source, "PATCH", `/api/users/${(former as { user: { id: string } }).user.id}`, { token: admin, body: { active: false } });
  await expectCall(source, "PUT", "/api/me/notifications", { token: users.finance.token, body: { email: "daily" } });
}

const exportOf = (t: TestApp, token: string) => expectCall(t, "GET", "/api/settings/export", { token, schema: settingsExport });
const importInto = (t: TestApp, token: string, body: unknown, dryRun = false) =>
  t.call("POST", `/api/settings/import${dryRun ? "?dry_run=true" : ""}`, { token, body: body as object });
const eventCount = async (t: TestApp) => (await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.runtime.db)).rows[0]!.n;
/** What must be the same in both workspaces: everything but when it was exported and who the members are. */
const settingsOf = ({ exported_at: _, users: __, ...rest }: SettingsExport) => rest;

describe("settings export and import", () => {
  it("exports the settings as one versioned document without any secret, to admins only", async () => {
    // The export reads the read models: the first waits until they show all of the configuration.
    await expect
      .poll(async () => {
        const document = await exportOf(source, users.admin.token);
        return document.webhook_endpoints.length + document.approval_rules.length + document.budgets.length + document.users.filter((u) => !u.active).length;
      })
      .toBe(4);
    for (const role of ["requester", "approver", "buyer", "finance"] as const) {
      expect((await source.call("GET", "/api/settings/export", { token: users[role].token })).statusCode).toBe(403);
      expect((await importInto(source, users[role].token, { version: 1 }, true)).statusCode).toBe(403);
    }
    const res = await source.call("GET", "/api/settings/export", { token: users.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="procure-settings-\d{4}-\d{2}-\d{2}\.json"$/);
    const document = settingsExport.parse(res.json());
    expect(document.version).toBe(1);
    expect(document.diligence).toEqual({ required_kinds: ["w9", "contract"], block_orders: true });
    expect(document.matching).toEqual({ tolerance_percent: 5 });
    expect(document.controls).toEqual({ one_stage_per_person: true, recorder_cannot_approve_invoice: true, approver_cannot_pay_invoice: false });
    expect(document.categories.map((c) => c.name).sort()).toEqual(["Cleaning", "Facilities"]);
    const cleaning = document.categories.find((c) => c.name === "Cleaning")!;
    expect(cleaning.parent_id).toBe(document.categories.find((c) => c.name === "Facilities")!.id);
    expect(document.budgets).toEqual([{ id: expect.any(String), category_id: cleaning.id, period: "2026", amount: 12_000 }]);
    expect(document.approval_rules).toEqual([expect.objectContaining({ name: "Big cleaning", category_id: cleaning.id, stages: ["approver", "finance"] })]);
    expect(document.users).toEqual(
      expect.arrayContaining([
        { email: formerEmail, role: "buyer", active: false, email_notifications: "immediate" },
        { email: users.finance.email, role: "finance", active: true, email_notifications: "daily" },
      ]),
    );
    expect(document.webhook_endpoints).toEqual([expect.objectContaining({ url: "http://127.0.0.1:9/settings-hook", enabled: false })]);
    expect(res.body).not.toContain(webhookSecret);
    expect(res.body).not.toMatch(/secret|password|token|hash/i);
  });

  it("answers a dry run record by record and changes nothing, then imports all of it once", async () => {
    const document = await exportOf(source, users.admin.token);
    const before = await eventCount(target);
    const dry = await importInto(target, targetAdmin.token, document, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = settingsImportResult.parse(dry.json());
    expect(preview).toMatchObject({ dry_run: true, temporary_passwords: [], webhook_secrets: [] });
    expect(preview.summary).toEqual({ create: document.users.length + 5, update: 3, unchanged: 0 });
    expect(preview.changes.find((c) => c.section === "diligence")).toMatchObject({ action: "update" });
    expect(preview.changes.find((c) => c.section === "controls")).toMatchObject({ action: "update" });
    expect(await eventCount(target)).toBe(before);
    expect((await exportOf(target, targetAdmin.token)).categories).toEqual([]);

    const res = await importInto(target, targetAdmin.token, document);
    expect(res.statusCode, res.body).toBe(200);
    const applied = settingsImportResult.parse(res.json());
    expect(applied.dry_run).toBe(false);
    expect(applied.changes).toEqual(preview.changes);
    expect(applied.temporary_passwords.map((p) => p.email).sort()).toEqual(document.users.map((u) => u.email).sort());
    expect(applied.webhook_secrets).toEqual([
      { id: document.webhook_endpoints[0]!.id, url: "http://127.0.0.1:9/settings-hook", secret: expect.stringMatching(/^whsec_/) },
    ]);

    // The export reads the read models, which may trail the import's answer by a moment.
    await expect.poll(async () => settingsOf(await exportOf(target, targetAdmin.token)), { timeout: 10_000 }).toEqual(settingsOf(document));
    await expect.poll(async () => (await exportOf(target, targetAdmin.token)).users, { timeout: 10_000 }).toEqual(expect.arrayContaining(document.users));

    // A member the import created signs in with the password shown once, and must choose one of their own.
    const buyer = applied.temporary_passwords.find((p) => p.email === users.buyer.email)!;
    const login = await target.call("POST", "/api/auth/login", { body: { email: buyer.email, password: buyer.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().mustChangePassword).toBe(true);
    const inactive = applied.temporary_passwords.find((p) => p.email === formerEmail)!;
    expect((await target.call("POST", "/api/auth/login", { body: { email: inactive.email, password: inactive.password } })).statusCode).toBe(403);

    // Each change is an ordinary event with the importing admin as its actor.
    const rule = await target.runtime.store.readStream(`rule-${document.approval_rules[0]!.id}`);
    expect(rule.map((e) => [e.type, e.metadata.actor_email])).toEqual([["ApprovalRuleCreated", targetAdmin.email]]);

    const after = await eventCount(target);
    const again = settingsImportResult.parse((await importInto(target, targetAdmin.token, document)).json());
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: applied.changes.length });
    expect(again).toMatchObject({ temporary_passwords: [], webhook_secrets: [] });
    expect(await eventCount(target)).toBe(after);
  });

  it("refuses a file of another version or with bad records, naming each, and changes nothing", async () => {
    const document = await exportOf(source, users.admin.token);
    const before = await eventCount(target);
    const refusal = async (body: unknown, dryRun = false) => {
      const res = await importInto(target, targetAdmin.token, body, dryRun);
      expect(res.statusCode, res.body).toBe(400);
      return errorBody.parse(res.json()).error;
    };
    const paths = (error: { details?: unknown }) =>
      z
        .array(z.object({ path: z.string(), message: z.string() }))
        .parse(error.details)
        .map((d) => d.path);

    expect((await refusal({ ...document, version: 2 })).message).toMatch(/not version 1/);
    expect(paths(await refusal({ ...document, version: 2 }, true))).toEqual(["body.version"]);
    expect((await refusal("not json at all")).code).toMatch(/invalid_json|validation_error/);
    expect((await refusal([])).code).toBe("validation_error");

    const badRecords = {
      ...document,
      users: [{ ...document.users[0]!, email: "not-an-email" }, ...document.users.slice(1)],
      approval_rules: [{ ...document.approval_rules[0]!, stages: ["requester"] }],
    };
    expect(paths(await refusal(badRecords)).sort()).toEqual(["body.approval_rules.0.stages.0", "body.users.0.email"]);
    const twice = { ...document, categories: [...document.categories, document.categories[0]!] };
    expect(paths(await refusal(twice))).toEqual([`body.categories.${document.categories.length}`]);

    // Records that are well formed but cannot be imported here: every one is named, and the good ones wait too.
    const orphan = { ...document.categories[0]!, id: crypto.randomUUID(), name: "Orphan", parent_id: crypto.randomUUID() };
    const unknownCategory = { ...document.approval_rules[0]!, id: crypto.randomUUID(), category_id: crypto.randomUUID() };
    const loop = [
      { ...document.categories[0]!, id: "00000000-0000-4000-8000-000000000001", name: "Loop A", parent_id: "00000000-0000-4000-8000-000000000002" },
      { ...document.categories[0]!, id: "00000000-0000-4000-8000-000000000002", name: "Loop B", parent_id: "00000000-0000-4000-8000-000000000001" },
    ];
    const unplaceable = {
      ...document,
      categories: [...document.categories, orphan, ...loop],
      approval_rules: [...document.approval_rules, unknownCategory],
      budgets: [...document.budgets, { id: crypto.randomUUID(), category_id: crypto.randomUUID(), period: "2027", amount: 5 }],
      users: [...document.users, { email: `new-${Date.now()}@example.com`, role: "buyer", active: true, email_notifications: "off" }],
    };
    const n = document.categories.length;
    for (const dryRun of [true, false]) {
      const error = await refusal(unplaceable, dryRun);
      expect(paths(error)).toEqual([
        `body.categories.${n}.parent_id`,
        `body.categories.${n + 1}`,
        `body.categories.${n + 2}`,
        "body.budgets.1.category_id",
        "body.approval_rules.1.category_id",
      ]);
      expect(error.message).toMatch(/^5 records cannot be imported/);
    }
    expect(await eventCount(target)).toBe(before);
  });

  it("a dry run meets every refusal the import meets, answering the same 409, and appends nothing", async () => {
    const document = await exportOf(source, users.admin.token);
    // The source's one admin made a buyer; and more endpoints than a workspace may hold.
    const demoted = { ...document, users: document.users.map((u) => (u.email === users.admin.email ? { ...u, role: "buyer" as const } : u)) };
    const endpoints = Array.from({ length: 25 }, (_, i) => ({
      id: crypto.randomUUID(),
      url: `http://127.0.0.1:9/many-${i}`,
      description: null,
      event_types: ["vendor.registered"],
      enabled: false,
    }));
    const crowded = { ...document, webhook_endpoints: [...document.webhook_endpoints, ...endpoints] };
    const before = await eventCount(source);
    for (const [body, message] of [
      [demoted, lastAdminMessage],
      [crowded, expect.stringMatching(/at most 20 webhook endpoints/)],
    ] as const) {
      const dry = await importInto(source, users.admin.token, body, true);
      const applied = await importInto(source, users.admin.token, body);
      expect(applied.statusCode, applied.body).toBe(409);
      expect(dry.statusCode, dry.body).toBe(409);
      expect(errorBody.parse(dry.json())).toEqual(errorBody.parse(applied.json()));
      expect(errorBody.parse(dry.json()).error.message).toEqual(message);
    }
    expect(await eventCount(source)).toBe(before);

    // A new admin in the same file keeps the workspace administered: the dry run counts the members it would add.
    const handedOver = {
      ...demoted,
      users: [...demoted.users, { email: `heir-${Date.now()}@example.com`, role: "admin" as const, active: true, email_notifications: "immediate" as const }],
    };
    const dry = await importInto(source, users.admin.token, handedOver, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(await eventCount(source)).toBe(before);
  });
});
