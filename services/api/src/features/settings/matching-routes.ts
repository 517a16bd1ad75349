import { matchingSettings, updateMatchingSettingsBody } from "@procure/contracts";
import { matchingSettingsDecider } from "@procure/domain";
import { getMatchingSettings } from "@procure/projections/purchasing";
import { workspaceSettingRoutes } from "./workspace-setting-routes.ts";

/** The price tolerance invoices are matched with: a unit price further from the order's is a price variance. */
export default workspaceSettingRoutes({
  path: "matching",
  reads: ["invoices"],
  answer: matchingSettings,
  body: updateMatchingSettingsBody,
  decider: matchingSettingsDecider,
  read: (deps) => getMatchingSettings(deps.db),
  change: (settings) => ({ type: "ChangeMatchingSettings" as const, settings }),
});
