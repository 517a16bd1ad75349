import { diligenceSettings, updateDiligenceSettingsBody } from "@procure/contracts";
import { diligenceSettingsDecider } from "@procure/domain";
import { getDiligenceSettings } from "@procure/projections/purchasing";
import { workspaceSettingRoutes } from "./workspace-setting-routes.ts";

/** Which documents every active vendor needs, and whether an order waits for them. */
export default workspaceSettingRoutes({
  path: "diligence",
  reads: ["vendor-documents"],
  answer: diligenceSettings,
  body: updateDiligenceSettingsBody,
  decider: diligenceSettingsDecider,
  read: (deps) => getDiligenceSettings(deps.db),
  change: (settings) => ({ type: "ChangeDiligenceSettings" as const, settings }),
});
