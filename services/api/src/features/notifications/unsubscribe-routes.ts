import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorCodes, invalidUnsubscribeLinkMessage, notificationSettings, unsubscribeQuery } from "@procure/contracts";
import { notificationPreferencesDecider } from "@procure/domain";
import { verifyUnsubscribeToken } from "@procure/notifier";
import { handleCommand, on } from "../../commands/handle-command.ts";
import type { AppDeps } from "../../deps.ts";
import { commandErrors, errorResponses } from "../../http/error-responses.ts";
import { HttpError } from "../../plugins/errors.ts";

/**
 * One-click unsubscribe (RFC 8058): the link in every mail's List-Unsubscribe header. A mail client POSTs
 * `List-Unsubscribe=One-Click` to it without a session; the link's signature names the user and the preference
 * version it was made for. A link whose signature does not match is refused; so is one made before the user last
 * changed their preference (409), which must not undo that choice.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Mail clients send the RFC's form body; what it says changes nothing, the signed link decides.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) => done(null, undefined));

  app.post(
    "/api/notifications/unsubscribe",
    {
      config: { rateLimit: { max: deps.env.RATE_LIMIT_PUBLIC, timeWindow: "1 minute" } },
      schema: { tags: ["notifications"], querystring: unsubscribeQuery, response: { 200: notificationSettings, ...commandErrors, ...errorResponses(429) } },
    },
    async (request, reply) => {
      const { user, v, token } = request.query;
      if (!verifyUnsubscribeToken(deps.jwtSecret, user, v, token)) throw new HttpError(403, errorCodes.forbidden, invalidUnsubscribeLinkMessage);
      return handleCommand(deps, request, reply, {
        commands: on(notificationPreferencesDecider, user, { type: "SetEmailPreference", email: "off", via: "unsubscribe-link", link_version: v }),
        respond: async () => ({ email: "off" as const }),
      });
    },
  );
};

export default unsubscribeRoutes;
