import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorCodes } from "@procure/contracts";
import type { ProjectionProgress } from "../deps.ts";
import { AFTER_HEADER, decodePosition, POSITION_HEADER } from "../commands/log-position.ts";
import { HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The projections whose tables a read route answers from; a route naming none waits for all of them. */
    reads?: readonly string[];
  }
}

const afterDescription =
  `Read your writes: the \`${POSITION_HEADER}\` header of any command's answer, sent back. The read waits (up to the ` +
  `command wait) until the read models it answers from have reached that write, and answers 503 \`projections_behind\` ` +
  `with Retry-After rather than older data. Positions are opaque; a later one sorts after an earlier one as a string.`;
const afterHeaders = z.looseObject({ [AFTER_HEADER]: z.string().optional().describe(afterDescription) });

const RETRY_AFTER_SECONDS = "1";

/**
 * The read side of the command path's contract: a read that names a position waits for its read models to reach it,
 * the same bounded wait a command's answer takes, so a client reads its own writes after any answer, replays and
 * answers given while a projector was down included.
 */
export default fp<{ progress: ProjectionProgress; waitMs: number }>(
  async (app, { progress, waitMs }) => {
    app.addHook("onRoute", (route) => {
      const methods = [route.method].flat();
      if (!route.url.startsWith("/api/") || !methods.includes("GET") || !route.schema || route.schema.hide || route.schema.headers) return;
      route.schema = { ...route.schema, headers: afterHeaders };
    });

    // After authentication and validation, so only a caller who may read the route can make it wait.
    app.addHook("preHandler", async (request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      const after = positionSentWith(request);
      if (!after) return;
      if (await progress.waitFor(after, waitMs, request.routeOptions.config.reads)) return;
      reply.header("retry-after", RETRY_AFTER_SECONDS);
      throw new HttpError(503, errorCodes.projectionsBehind, "Your latest change is saved but not readable yet. Retry in a moment.");
    });
  },
  { name: "read-after" },
);

function positionSentWith(request: FastifyRequest) {
  const raw = request.headers[AFTER_HEADER];
  if (raw === undefined) return null;
  const position = typeof raw === "string" ? decodePosition(raw) : null;
  if (!position) {
    throw new HttpError(400, errorCodes.validation, `${AFTER_HEADER} must be a position the API sent in ${POSITION_HEADER}.`, [
      { path: `headers.${AFTER_HEADER}`, message: "Not a position given by this API." },
    ]);
  }
  return position;
}
