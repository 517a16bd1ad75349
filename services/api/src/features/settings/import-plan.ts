import { defaultEmailPreference, type Role, type SettingsDocument, type SettingsImportChange, type SettingsSection } from "@procure/contracts";
import {
  budgetDecider,
  budgetSlotDecider,
  budgetSlotKey,
  categoryDecider,
  controlsSettingsDecider,
  diligenceSettingsDecider,
  matchingSettingsDecider,
  DomainError,
  emailDecider,
  notificationPreferencesDecider,
  ruleDecider,
  userDecider,
  webhookEndpointDecider,
  type Actor,
  type StreamDecider,
} from "@procure/domain";
import { on, type LoadStream, type StreamCommand } from "../../commands/handle-command.ts";
import { registration } from "../auth/registered-user.ts";

/** A record of the document that cannot be imported, named by its place in the request body. */
export type ImportProblem = { path: string; message: string };

export type ImportPlan = {
  changes: SettingsImportChange[];
  commands: StreamCommand[];
  problems: ImportProblem[];
  /** Members to register, with the id each gets. */
  newUsers: { userId: string; email: string; role: Role; active: boolean }[];
  /** Existing members whose role or activity changes: their credentials change in the same transaction. */
  changedUsers: { userId: string; role: Role; active: boolean }[];
  newWebhooks: { id: string; url: string }[];
};

export type PlanContext = {
  load: LoadStream;
  actor: Actor;
  now: string;
  /** The id a member new to this workspace gets; the same email gets the same id on every attempt of one request. */
  userIdFor: (email: string) => string;
  /** Why an endpoint may not receive deliveries at `url`, or null. */
  urlProblem: (url: string) => Promise<string | null>;
};

/**
 * What importing `document` changes, record by record, and the ordinary commands that change it. Each record is
 * decided here by its own decider, so a dry run answers what the import would do, and a record a decider refuses
 * is named with the reason instead of failing the whole document with one message. Nothing is appended here.
 */
export async function planImport(document: SettingsDocument, ctx: PlanContext): Promise<ImportPlan> {
  const plan: ImportPlan = { changes: [], commands: [], problems: [], newUsers: [], changedUsers: [], newWebhooks: [] };
  const decide = async <S, C extends { type: string }>(decider: StreamDecider<S, C>, id: string, command: C, path: string) => {
    const { state } = await ctx.load(decider, id);
    try {
      return decider.decide(state, command, { actor: ctx.actor, now: ctx.now, id });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      plan.problems.push({ path, message: error.message });
      return null;
    }
  };
  const record = (section: SettingsSection, key: string, label: string, created: boolean, changed: boolean) =>
    plan.changes.push({ section, key, label, action: created ? "create" : changed ? "update" : "unchanged" });
  const recordSetting = async <S extends object, C extends { type: string }>(
    decider: StreamDecider<S, C>,
    section: SettingsSection,
    label: string,
    events: unknown[] | null,
    after: object,
  ) => {
    if (!events?.length) return record(section, section, label, false, false);
    const { state } = await ctx.load(decider, "");
    plan.changes.push({ section, key: section, label, action: "update", fields: changedSettings(state, after) });
  };

  // The diligence settings come first: their stream is always part of the append, so any import checks it unmoved.
  const diligence = await decide(diligenceSettingsDecider, "", { type: "ChangeDiligenceSettings", settings: document.diligence }, "body.diligence");
  plan.commands.push(on(diligenceSettingsDecider, "", { type: "ChangeDiligenceSettings", settings: document.diligence }));
  await recordSetting(diligenceSettingsDecider, "diligence", "Vendor diligence", diligence, document.diligence);
  const matchingCommand = { type: "ChangeMatchingSettings", settings: document.matching } as const;
  const matching = await decide(matchingSettingsDecider, "", matchingCommand, "body.matching");
  if (matching?.length) plan.commands.push(on(matchingSettingsDecider, "", matchingCommand));
  await recordSetting(matchingSettingsDecider, "matching", "Invoice matching", matching, document.matching);
  if (document.controls) {
    const controlsCommand = { type: "ChangeControlsSettings", settings: document.controls } as const;
    const controls = await decide(controlsSettingsDecider, "", controlsCommand, "body.controls");
    if (controls?.length) plan.commands.push(on(controlsSettingsDecider, "", controlsCommand));
    await recordSetting(controlsSettingsDecider, "controls", "Separation of duties", controls, document.controls);
  }

  await planCategories(document, ctx, plan, decide, record);
  await planBudgets(document, ctx, plan, decide, record);
  await planRules(document, ctx, plan, decide, record);
  await planUsers(document, ctx, plan, decide, record);
  await planWebhooks(document, ctx, plan, decide, record);
  return plan;
}

/** Each setting whose value the import changes, named by its key in the file, with its value now and after. */
function changedSettings(before: object, after: object): NonNullable<SettingsImportChange["fields"]> {
  const now = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(now[field]))
    .map(([field, value]) => ({ field, before: settingText(now[field]), after: settingText(value) }));
}

const settingText = (value: unknown): string =>
  Array.isArray(value)
    ? value.length
      ? value.join(", ")
      : "none"
    : value === null || value === undefined
      ? "not set"
      : typeof value === "boolean"
        ? value
          ? "on"
          : "off"
        : String(value);

type Decide = <S, C extends { type: string }>(decider: StreamDecider<S, C>, id: string, command: C, path: string) => Promise<unknown[] | null>;
type RecordChange = (section: SettingsSection, key: string, label: string, created: boolean, changed: boolean) => void;

/** Whether a category will be active once the document is imported: listed in it, or active here already. */
async function categoryWillExist(document: SettingsDocument, load: LoadStream, id: string) {
  if (document.categories.some((c) => c.id === id)) return true;
  const { state } = await load(categoryDecider, id);
  return state.exists && !state.archived;
}

/** A category's parent and its ancestors as they will stand after the import: the document's first, then this workspace's. */
async function lineageAfterImport(document: SettingsDocument, load: LoadStream, parentId: string | null) {
  const lineage: string[] = [];
  for (let id = parentId; id !== null && !lineage.includes(id);) {
    lineage.push(id);
    const listed = document.categories.find((c) => c.id === id);
    if (listed) id = listed.parent_id;
    else {
      const { state } = await load(categoryDecider, id);
      id = state.exists ? state.data.parent_id : null;
    }
  }
  return lineage;
}

async function planCategories(document: SettingsDocument, ctx: PlanContext, plan: ImportPlan, decide: Decide, record: RecordChange) {
  for (const [index, { id, ...category }] of document.categories.entries()) {
    const path = `body.categories.${index}`;
    if (category.parent_id && !(await categoryWillExist(document, ctx.load, category.parent_id))) {
      plan.problems.push({ path: `${path}.parent_id`, message: "The parent category is neither in the file nor active in this workspace." });
      continue;
    }
    const parent_lineage = await lineageAfterImport(document, ctx.load, category.parent_id);
    const { state } = await ctx.load(categoryDecider, id);
    // An archived category the document lists is saved again, which brings it back.
    const live = state.exists && !state.archived;
    const command = live
      ? ({ type: "UpdateCategory", changes: category, parent_lineage } as const)
      : ({ type: "CreateCategory", category, parent_lineage } as const);
    const events = await decide(categoryDecider, id, command, path);
    if (!events) continue;
    if (events.length > 0) plan.commands.push(on(categoryDecider, id, command));
    record("categories", id, category.name, !state.exists, events.length > 0);
  }
}

/** A budget takes the slot of its category and period, and frees its old one when it moves, in the same append. */
async function planBudgets(document: SettingsDocument, ctx: PlanContext, plan: ImportPlan, decide: Decide, record: RecordChange) {
  for (const [index, { id, ...budget }] of document.budgets.entries()) {
    const path = `body.budgets.${index}`;
    const listed = document.categories.find((c) => c.id === budget.category_id);
    const category = await ctx.load(categoryDecider, budget.category_id);
    const live = category.state.exists && !category.state.archived;
    if (!listed && !live) {
      plan.problems.push({ path: `${path}.category_id`, message: "The budget's category is neither in the file nor active in this workspace." });
      continue;
    }
    const input = { ...budget, category_name: listed?.name ?? (category.state.exists ? category.state.data.name : null) };
    const { state } = await ctx.load(budgetDecider, id);
    const was = state.exists && !state.deleted ? budgetSlotKey(state.budget.category_id, state.budget.period) : null;
    const slot = budgetSlotKey(budget.category_id, budget.period);
    const command = was ? ({ type: "UpdateBudget", budget: input } as const) : ({ type: "CreateBudget", budget: input } as const);
    const events = await decide(budgetDecider, id, command, path);
    const take = { type: "TakeBudgetSlot", budget_id: id } as const;
    const taken = was === slot ? [] : await decide(budgetSlotDecider, slot, take, `${path}.period`);
    if (!events || !taken) continue;
    if (events.length > 0) plan.commands.push(on(budgetDecider, id, command));
    if (taken.length > 0) plan.commands.push(on(budgetSlotDecider, slot, take));
    if (was && was !== slot) plan.commands.push(on(budgetSlotDecider, was, { type: "FreeBudgetSlot", budget_id: id }));
    record("budgets", id, `${input.category_name ?? "Budget"} · ${budget.period}`, !state.exists, events.length > 0);
  }
}

async function planRules(document: SettingsDocument, ctx: PlanContext, plan: ImportPlan, decide: Decide, record: RecordChange) {
  for (const [index, { id, ...rule }] of document.approval_rules.entries()) {
    const path = `body.approval_rules.${index}`;
    if (rule.category_id && !(await categoryWillExist(document, ctx.load, rule.category_id))) {
      plan.problems.push({ path: `${path}.category_id`, message: "The rule's category is neither in the file nor active in this workspace." });
      continue;
    }
    const { state } = await ctx.load(ruleDecider, id);
    const live = state.exists && !state.deleted;
    const command = live ? ({ type: "UpdateRule", changes: rule } as const) : ({ type: "CreateRule", rule } as const);
    const events = await decide(ruleDecider, id, command, path);
    if (!events) continue;
    if (events.length > 0) plan.commands.push(on(ruleDecider, id, command));
    record("approval_rules", id, rule.name || "Approval rule", !state.exists, events.length > 0);
  }
}

/** Members are matched by email: the email's reservation names the account that holds it. */
async function planUsers(document: SettingsDocument, ctx: PlanContext, plan: ImportPlan, decide: Decide, record: RecordChange) {
  for (const [index, member] of document.users.entries()) {
    const path = `body.users.${index}`;
    const reservation = await ctx.load(emailDecider, member.email);
    const reserved = reservation.events.find((e) => e.type === "EmailReserved");
    const preference = { type: "SetEmailPreference", email: member.email_notifications, via: "settings" } as const;
    if (reserved?.type !== "EmailReserved") {
      const userId = ctx.userIdFor(member.email);
      plan.commands.push(...registration({ userId, email: member.email, role: member.role, invitedBy: ctx.actor.id, active: member.active }));
      if (member.email_notifications !== defaultEmailPreference) plan.commands.push(on(notificationPreferencesDecider, userId, preference));
      plan.newUsers.push({ userId, email: member.email, role: member.role, active: member.active });
      record("users", member.email, member.email, true, true);
      continue;
    }
    const userId = reserved.data.user_id;
    const update = { type: "UpdateMember", role: member.role, active: member.active } as const;
    const memberEvents = await decide(userDecider, userId, update, path);
    const preferenceEvents = await decide(notificationPreferencesDecider, userId, preference, `${path}.email_notifications`);
    if (!memberEvents || !preferenceEvents) continue;
    if (memberEvents.length > 0) {
      plan.commands.push(on(userDecider, userId, update));
      plan.changedUsers.push({ userId, role: member.role, active: member.active });
    }
    if (preferenceEvents.length > 0) plan.commands.push(on(notificationPreferencesDecider, userId, preference));
    record("users", member.email, member.email, false, memberEvents.length + preferenceEvents.length > 0);
  }
}

async function planWebhooks(document: SettingsDocument, ctx: PlanContext, plan: ImportPlan, decide: Decide, record: RecordChange) {
  for (const [index, { id, ...endpoint }] of document.webhook_endpoints.entries()) {
    const path = `body.webhook_endpoints.${index}`;
    const { state } = await ctx.load(webhookEndpointDecider, id);
    if (!state.exists || state.url !== endpoint.url) {
      const problem = await ctx.urlProblem(endpoint.url);
      if (problem) {
        plan.problems.push({ path: `${path}.url`, message: problem });
        continue;
      }
    }
    const command = state.exists
      ? ({ type: "UpdateWebhookEndpoint", changes: endpoint } as const)
      : ({ type: "CreateWebhookEndpoint", endpoint: { ...endpoint, description: endpoint.description ?? null } } as const);
    const events = await decide(webhookEndpointDecider, id, command, path);
    if (!events) continue;
    if (events.length > 0) plan.commands.push(on(webhookEndpointDecider, id, command));
    if (!state.exists) plan.newWebhooks.push({ id, url: endpoint.url });
    record("webhook_endpoints", id, endpoint.url, !state.exists, events.length > 0);
  }
}
