import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorCodes, eventFeedItem, eventFeedQuery, publicEventMap } from "@procure/contracts";
import { ORIGIN } from "@procure/eventstore";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";
import { decodeFeedCursor } from "./feed-cursor.ts";
import { readFeed } from "./read-feed.ts";
import { feedTypesFor } from "./feed-types.ts";
import { errorResponses } from "../../http/error-responses.ts";

const errors = errorResponses(400, 401, 403);

const feedDescription = [
  "Public events in log order, for admin and finance. Each event is shown only to a role that may read its record:",
  "the permission guarding the record's own read route (request events need reading every request, approval rules",
  "and work orders are for the roles that manage them). Without `types`, or with `*`, the feed holds every type your",
  "role may read. Naming a type your role may not read answers 403, naming each such type, rather than an empty page.",
].join(" ");

/** `rel="next"` with the last item's cursor as `after`, keeping the other parameters. */
function nextFeedLink(url: string, cursor: string): string {
  const next = new URL(url, "http://local");
  next.searchParams.set("after", cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

/** The event feed: integrations pull public events in log order instead of (or besides) receiving webhooks. */
const eventFeedRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  app.get(
    "/api/events",
    {
      preValidation: app.requirePermission("events:read"),
      schema: { tags: ["events"], description: feedDescription, querystring: eventFeedQuery, response: { 200: z.array(eventFeedItem), ...errors } },
    },
    async (request, reply) => {
      const { after, types } = request.query;
      const limit = request.query.limit ?? 100;
      const from = after ? decodeFeedCursor(after) : ORIGIN;
      if (!from)
        throw new HttpError(400, errorCodes.validation, "after is not a cursor from this feed.", [{ path: "querystring.after", message: "Unknown cursor." }]);
      const wanted = feedTypesFor(request.actor.role, types ? types.split(",").map((t) => t.trim()) : []);
      if (wanted.forbidden.length > 0) {
        const message = `Your role may not read these event types: ${wanted.forbidden.join(", ")}.`;
        throw new HttpError(403, errorCodes.forbidden, message, [{ path: "querystring.types", message }]);
      }
      const items = await readFeed(deps.db, from, wanted.internal, limit);
      const last = items.at(-1);
      if (items.length === limit && last) reply.header("link", nextFeedLink(request.url, last.cursor));
      return items;
    },
  );
};

/** Every public event type with its payload's JSON Schema: what webhooks deliver and the feed lists as `data`. */
const eventTypeCatalogue = Object.values(publicEventMap).map((entry) => ({
  type: entry.name,
  payload: z.toJSONSchema(entry.schema) as Record<string, unknown>,
}));

const eventTypeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  app.addHook("onRequest", app.authenticate);
  app.get(
    "/api/events/types",
    {
      schema: {
        tags: ["events"],
        description:
          "The public event types and the JSON Schema of each payload. Internal events (reservations, credentials, user registration, webhook configuration) are never published.",
        response: { 200: z.array(z.object({ type: z.string(), payload: z.record(z.string(), z.unknown()) })), ...errors },
      },
    },
    async () => eventTypeCatalogue,
  );
};

export const eventFeedFeature: FastifyPluginAsync<{ deps: AppDeps }>[] = [eventFeedRoutes, eventTypeRoutes];
