import { SETTINGS_DOCUMENT_VERSION, type SettingsExport } from "@procure/contracts";
import { controlsSettingsDecider, notificationPreferencesDecider } from "@procure/domain";
import { listUsers } from "@procure/projections";
import { listActiveCategoryDefinitions, listApprovalRules } from "@procure/projections/catalogue";
import { getDiligenceSettings, getMatchingSettings, listBudgets } from "@procure/projections/purchasing";
import { listWebhookEndpoints } from "@procure/projections/webhooks";
import type { AppDeps } from "../../deps.ts";
import { loadState } from "../../commands/load-stream.ts";

/**
 * The workspace's settings as the read models hold them. Members are listed by email, role and activity with their
 * e-mail choice (kept on their own streams, which no read model holds); passwords and signing secrets live in tables
 * of their own and are never read here.
 */
export async function exportSettings(deps: AppDeps, now: string): Promise<SettingsExport> {
  const [rules, categories, budgets, members, endpoints, diligence, matching, controls] = await Promise.all([
    listApprovalRules(deps.db),
    listActiveCategoryDefinitions(deps.db),
    listBudgets(deps.db),
    listUsers(deps.db),
    listWebhookEndpoints(deps.db),
    getDiligenceSettings(deps.db),
    getMatchingSettings(deps.db),
    loadState(deps, controlsSettingsDecider, "").then((loaded) => loaded.state),
  ]);
  const users = await Promise.all(
    members.map(async (member) => ({
      email: member.email,
      role: member.role,
      active: member.active,
      email_notifications: (await loadState(deps, notificationPreferencesDecider, member.id)).state.email,
    })),
  );
  return {
    version: SETTINGS_DOCUMENT_VERSION,
    exported_at: now,
    approval_rules: rules.map(({ id, name, min_amount, max_amount, category_id, vendor_id, stages, over_budget_stages, active }) => ({
      id,
      name,
      min_amount,
      max_amount,
      category_id,
      vendor_id,
      stages,
      over_budget_stages,
      active,
    })),
    categories,
    budgets: budgets.map(({ id, category_id, period, amount }) => ({ id, category_id, period, amount })),
    users,
    webhook_endpoints: endpoints.map(({ id, url, description, event_types, enabled }) => ({ id, url, description, event_types, enabled })),
    diligence,
    matching,
    controls,
  };
}
