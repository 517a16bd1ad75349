import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { diligenceSettings, updateDiligenceSettingsBody } from "@procure/contracts";
import { diligenceSettingsDecider } from "@procure/domain";
import { getDiligenceSettings } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { commandErrors } from "../../http/error-responses.ts";

const reads = ["vendor-documents"];
const tags = ["settings"];

/** Which documents every active vendor needs, and whether an order waits for them. */
const diligenceSettingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const admin = { preValidation: app.requirePermission("settings:manage") };

  app.get("/api/settings/diligence", { ...admin, schema: { tags, response: { 200: diligenceSettings, ...commandErrors } } }, async () =>
    getDiligenceSettings(deps.db),
  );

  app.patch(
    "/api/settings/diligence",
    { ...admin, schema: { tags, body: updateDiligenceSettingsBody, response: { 200: diligenceSettings, ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        retryOnConflict: true,
        commands: async (load) => {
          const { state } = await load(diligenceSettingsDecider, "");
          return on(diligenceSettingsDecider, "", { type: "ChangeDiligenceSettings", settings: { ...state, ...request.body } });
        },
        // The settings as the command left them: the stream it read and what it appended; a replay reads them back.
        respond: async (result, decidedOn) => {
          const before = decidedOn(diligenceSettingsDecider.streamId(""));
          if (!before) return getDiligenceSettings(deps.db);
          return [...before, ...result.events].reduce(diligenceSettingsDecider.evolve, diligenceSettingsDecider.initialState);
        },
      }),
  );
};

export default diligenceSettingsRoutes;
