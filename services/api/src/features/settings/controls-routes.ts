import { controlsSettings, updateControlsSettingsBody } from "@procure/contracts";
import { controlsSettingsDecider } from "@procure/domain";
import { loadState } from "../../commands/load-stream.ts";
import { workspaceSettingRoutes } from "./workspace-setting-routes.ts";

/**
 * Separation of duties. Read from its own stream: every decision it guards reads that stream inside its command,
 * and the answers that explain a refusal before the click read it the same way, so no read model holds it.
 */
export default workspaceSettingRoutes({
  path: "controls",
  reads: [],
  answer: controlsSettings,
  body: updateControlsSettingsBody,
  decider: controlsSettingsDecider,
  read: async (deps) => (await loadState(deps, controlsSettingsDecider, "")).state,
  change: (settings) => ({ type: "ChangeControlsSettings" as const, settings }),
});
