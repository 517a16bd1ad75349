import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { matchingSettings, updateMatchingSettingsBody } from "@procure/contracts";
import { matchingSettingsDecider } from "@procure/domain";
import { getMatchingSettings } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { commandErrors } from "../../http/error-responses.ts";

const reads = ["invoices"];
const tags = ["settings"];

/** The price tolerance invoices are matched with: a unit price further from the order's is a price variance. */
const matchingSettingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const admin = { preValidation: app.requirePermission("settings:manage") };

  app.get("/api/settings/matching", { ...admin, schema: { tags, response: { 200: matchingSettings, ...commandErrors } } }, async () =>
    getMatchingSettings(deps.db),
  );

  app.patch(
    "/api/settings/matching",
    { ...admin, schema: { tags, body: updateMatchingSettingsBody, response: { 200: matchingSettings, ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads,
        retryOnConflict: true,
        commands: async (load) => {
          const { state } = await load(matchingSettingsDecider, "");
          return on(matchingSettingsDecider, "", { type: "ChangeMatchingSettings", settings: { ...state, ...request.body } });
        },
        // The settings as the command left them: the stream it read and what it appended; a replay reads them back.
        respond: async (result, decidedOn) => {
          const before = decidedOn(matchingSettingsDecider.streamId(""));
          if (!before) return getMatchingSettings(deps.db);
          return [...before, ...result.events].reduce(matchingSettingsDecider.evolve, matchingSettingsDecider.initialState);
        },
      }),
  );
};

export default matchingSettingsRoutes;
