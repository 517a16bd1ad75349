import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationSettings } from "@procure/contracts";
import { notificationPreferencesDecider } from "@procure/domain";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { loadState } from "../../commands/load-stream.ts";
import type { AppDeps } from "../../deps.ts";
import { commandErrors, errorResponses } from "../../http/error-responses.ts";

/**
 * The signed-in user's own notification choices. Read from the user's preferences stream itself (a handful of
 * events), so an answer right after a change shows the change whoever runs the notifier.
 */
const preferenceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const tags = ["notifications"];

  app.get("/api/me/notifications", { schema: { tags, response: { 200: notificationSettings, ...errorResponses(401) } } }, async (request) => {
    const { state } = await loadState(deps, notificationPreferencesDecider, request.actor!.id);
    return { email: state.email };
  });

  app.put(
    "/api/me/notifications",
    { schema: { tags, body: notificationSettings, response: { 200: notificationSettings, ...commandErrors } } },
    async (request, reply) =>
      handleCommand(deps, request, reply, {
        commands: on(notificationPreferencesDecider, request.actor!.id, { type: "SetEmailPreference", email: request.body.email, via: "settings" }),
        respond: async () => ({ email: request.body.email }),
      }),
  );
};

export default preferenceRoutes;
