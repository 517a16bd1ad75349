import { z } from "zod";
import { approvalRuleInput, overBudgetStages, ruleStages } from "./approval-rules.ts";
import { email } from "./auth.ts";
import { createBudgetBody } from "./budgets.ts";
import { categoryBody } from "./catalogue.ts";
import { coverageLevel } from "./catalogue-events.ts";
import { controlsSettings } from "./controls.ts";
import { matchingSettings } from "./invoices.ts";
import { emailPreference } from "./notifications.ts";
import { role } from "./roles.ts";
import { diligenceSettings } from "./vendor-diligence.ts";
import { createWebhookBody } from "./webhooks.ts";

/**
 * A workspace's settings as one versioned JSON document (`GET /api/settings/export`), read back by
 * `POST /api/settings/import`. Records keep their ids so rules and categories still point at each other in the
 * workspace that imports them; members are matched by email. No password, token or signing secret is ever in it.
 * An import creates and updates, never deletes: what the workspace has beyond the document stays.
 */
export const SETTINGS_DOCUMENT_VERSION = 1;

const unknownVersionMessage = `This settings file is not version ${SETTINGS_DOCUMENT_VERSION}, the only version this workspace reads. Export it again.`;

const exportedRule = approvalRuleInput.required().extend({ id: z.uuid(), stages: ruleStages, over_budget_stages: overBudgetStages });
const exportedBudget = createBudgetBody.extend({ id: z.uuid() });
const exportedCategory = categoryBody.extend({ id: z.uuid() });
const exportedUser = z.object({ email, role, active: z.boolean(), email_notifications: emailPreference });
const exportedWebhook = createWebhookBody.required({ enabled: true }).extend({ id: z.uuid() });

/** Ids and emails name one record each: a document naming one twice is refused before anything is compared. */
const listOf = <S extends z.ZodType>(record: S, what: string, key: (item: z.output<S>) => string) =>
  z
    .array(record)
    .max(1_000)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(key(item))) ctx.addIssue({ code: "custom", path: [index], message: `${what} ${key(item)} is listed twice.` });
        seen.add(key(item));
      });
    });

export const settingsDocument = z.object({
  version: z.literal(SETTINGS_DOCUMENT_VERSION, { error: unknownVersionMessage }),
  exported_at: z.string().optional(),
  approval_rules: listOf(exportedRule, "Approval rule", (r) => r.id),
  categories: listOf(exportedCategory, "Category", (c) => c.id),
  budgets: listOf(exportedBudget, "Budget", (b) => b.id),
  users: listOf(exportedUser, "Member", (u) => u.email),
  webhook_endpoints: listOf(exportedWebhook, "Webhook endpoint", (w) => w.id),
  diligence: diligenceSettings,
  matching: matchingSettings,
  /** Separation of duties; a file exported before it existed leaves the workspace's as they are. */
  controls: controlsSettings.optional(),
});
export type SettingsDocument = z.infer<typeof settingsDocument>;

/**
 * The export as it is sent: the same fields as the document, plainly typed (the import's schema above cleans up what
 * it reads, which an answer cannot be serialized through).
 */
export const settingsExport = z.object({
  version: z.literal(SETTINGS_DOCUMENT_VERSION),
  exported_at: z.string(),
  approval_rules: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      min_amount: z.number(),
      max_amount: z.number().nullable(),
      category_id: z.string().nullable(),
      vendor_id: z.string().nullable(),
      stages: z.array(role),
      over_budget_stages: z.array(role),
      active: z.boolean(),
    }),
  ),
  categories: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      parent_id: z.string().nullable(),
      contract_number: z.string().nullable(),
      preferred_suppliers: z.array(z.string()),
      coverage: z.array(z.object({ business_unit: z.string(), level: coverageLevel })),
      units_of_measure: z.array(z.string()),
      requires_finance_review: z.boolean(),
    }),
  ),
  budgets: z.array(z.object({ id: z.uuid(), category_id: z.string(), period: z.string(), amount: z.number() })),
  users: z.array(z.object({ email: z.string(), role, active: z.boolean(), email_notifications: emailPreference })),
  webhook_endpoints: z.array(
    z.object({ id: z.uuid(), url: z.string(), description: z.string().nullable(), event_types: z.array(z.string()), enabled: z.boolean() }),
  ),
  diligence: diligenceSettings,
  matching: matchingSettings,
  controls: controlsSettings,
});
export type SettingsExport = z.infer<typeof settingsExport>;

export const settingsImportQuery = z.object({ dry_run: z.enum(["true", "false"]).optional() });

export const settingsSections = ["diligence", "matching", "controls", "categories", "budgets", "approval_rules", "users", "webhook_endpoints"] as const;
export type SettingsSection = (typeof settingsSections)[number];
export const settingsSectionLabels: Record<SettingsSection, string> = {
  diligence: "Vendor diligence",
  matching: "Invoice matching",
  controls: "Separation of duties",
  categories: "Categories",
  budgets: "Budgets",
  approval_rules: "Approval rules",
  users: "Members",
  webhook_endpoints: "Webhook endpoints",
};

export const importActions = ["create", "update", "unchanged"] as const;
export type ImportAction = (typeof importActions)[number];

/** One record of the document and what importing it does (or, on a dry run, would do). */
export const settingsImportChange = z.object({
  section: z.enum(settingsSections),
  /** The record's id, or a member's email. */
  key: z.string(),
  label: z.string(),
  action: z.enum(importActions),
  /** For an update of a workspace setting: each value the import changes, as it reads now and after. */
  fields: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })).optional(),
});
export type SettingsImportChange = z.infer<typeof settingsImportChange>;

export const settingsImportResult = z.object({
  dry_run: z.boolean(),
  changes: z.array(settingsImportChange),
  summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int() }),
  /** Members the import created, each with a password to change at first sign-in: shown once. */
  temporary_passwords: z.array(z.object({ email: z.string(), password: z.string() })),
  /** Webhook endpoints the import created, each with its new signing secret: shown once. */
  webhook_secrets: z.array(z.object({ id: z.uuid(), url: z.string(), secret: z.string() })),
});
export type SettingsImportResult = z.infer<typeof settingsImportResult>;

export function summarize(changes: readonly SettingsImportChange[]): SettingsImportResult["summary"] {
  const count = (action: ImportAction) => changes.filter((c) => c.action === action).length;
  return { create: count("create"), update: count("update"), unchanged: count("unchanged") };
}
