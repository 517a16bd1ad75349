import { existsSync } from "node:fs";
import { resolve } from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import helmet from "helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifyCompress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { errorCodes, findUnsafeText, unsafeTextMessage } from "@procure/contracts";
import type { Kysely } from "kysely";
import type { AppDeps } from "./deps.ts";
import { logLevel, type Env } from "./env.ts";
import errorsPlugin, { HttpError, sendError } from "./plugins/errors.ts";
import { logOptions } from "./plugins/log-redaction.ts";
import authPlugin from "./plugins/auth.ts";
import livePlugin from "./plugins/live.ts";
import { sharedRateLimitStore } from "./plugins/shared-rate-limit-store.ts";
import drainPlugin from "./plugins/drain.ts";
import metricsPlugin from "./plugins/metrics.ts";
import { loadState } from "./commands/load-stream.ts";
import { delegatorsToday } from "./features/delegation/stand-ins.ts";
import readAfterPlugin from "./plugins/read-after.ts";
import { featureRoutes } from "./features/index.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./http/json-depth.ts";

export type AppOptions = {
  deps: AppDeps;
  /** The process's one pino logger; request logs become its children. */
  loggerInstance?: FastifyServerOptions["loggerInstance"];
};

/** The whole HTTP surface. `server.ts`-style callers only build and listen. */
export async function buildApp({ deps, loggerInstance }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logOptions(logLevel(deps.env)) }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    // Errors raised before routing (a malformed URL, an over-long path id) in the app's error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "A path parameter is too long." : "The request URL is not valid.";
      return sendError(reply, status, errorCodes.validation, message);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Empty bodies are allowed for actions such as approve and deny, whatever content type the client sent.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    // Before JSON.parse: the parse and every walk of the value after it (the text check below, validation) recurse.
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new HttpError(400, errorCodes.invalidJson, `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} deep.`), undefined);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const error = Object.assign(new Error("The request body is not valid JSON."), { statusCode: 400, code: "FST_ERR_CTP_INVALID_JSON_BODY" });
      return done(error, undefined);
    }
    // Every field, not only those a schema names as text: Postgres cannot store NUL and JSON must be valid Unicode.
    const unsafe = findUnsafeText(parsed);
    if (unsafe)
      return done(
        new HttpError(400, errorCodes.validation, unsafeTextMessage, [{ path: ["body", ...unsafe].join("."), message: unsafeTextMessage }]),
        undefined,
      );
    done(null, parsed);
  });
  // Answers and the client's files compressed on the way out (brotli or gzip, as the browser accepts).
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.addHook("preValidation", async (request) => {
    const unsafe = findUnsafeText(request.query) ?? findUnsafeText(request.params);
    if (unsafe) throw new HttpError(400, errorCodes.validation, unsafeTextMessage, [{ path: unsafe.join("."), message: unsafeTextMessage }]);
  });

  await app.register(errorsPlugin);
  // Before every other hook: a request turned away while draining costs nothing more.
  await app.register(drainPlugin);
  // Built once: the Fastify wrapper builds Helmet's middleware again for every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", "ws:", "wss:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        scriptSrc: ["'self'"],
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(deps.db as Kysely<unknown>),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: errorCodes.rateLimited, message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.` },
    }),
  });
  await app.register(multipart, { limits: { fileSize: deps.env.UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Procure API",
        version: "1.0.0",
        description:
          "Purchase requests, approvals, vendors, orders and catalogue. Every command's answer carries `X-Procure-Position`; " +
          "send it back as `X-Procure-After` on a read to see that write (the read waits briefly, or answers 503 with Retry-After).",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  // In production the API description is for signed-in integrators, not for anyone probing the server.
  const production = deps.env.NODE_ENV === "production";
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    ...(production ? { uiHooks: { onRequest: (request, reply) => app.authenticate(request, reply) } } : {}),
  });
  await app.register(authPlugin, { secret: deps.jwtSecret, expiresIn: deps.env.JWT_EXPIRES_IN, db: deps.db });
  await app.register(livePlugin, {
    bus: deps.bus,
    delegatorsOf: (userId) => delegatorsToday((decider, id) => loadState(deps, decider, id), userId, new Date()),
  });
  await app.register(metricsPlugin, { env: deps.env, progress: deps.progress, db: deps.db as Kysely<unknown> });
  await app.register(readAfterPlugin, { progress: deps.progress, waitMs: deps.env.COMMAND_WAIT_MS });

  for (const routes of featureRoutes) await app.register(routes, { deps });

  // API answers carry tokens, temporary passwords and private records: no cache or proxy may keep them.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });

  await serveWebClient(app, deps.env.WEB_DIST, production);
  return app;
}

/** A hop count trusts that many proxies nearest the server (Fastify's typings take it as a function). */
function trustProxyOption(setting: Env["TRUST_PROXY"]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

/** A source map under its own name or a precompressed copy's. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

/** The built client from the same origin; any non-API path falls back to index.html for the client's router. */
async function serveWebClient(app: FastifyInstance, configured: string | undefined, production: boolean) {
  const dist = resolve(configured ?? "web/dist");
  const hasClient = existsSync(resolve(dist, "index.html"));
  // Source maps help in development; in production they would hand out the client's source, also compressed.
  const allowedPath = production ? (path: string) => !SOURCE_MAP.test(path) : undefined;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes each text file beside itself as .br and .gz at the highest levels: sent as they are.
      preCompressed: true,
      setHeaders: (res, path) => void res.header("cache-control", cacheControlFor(path)),
      ...(allowedPath ? { allowedPath } : {}),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a file a tab built by an earlier release asks for: the page in its place would reach a
    // script or style tag as a 200, where a 404 fails the load cleanly and the tab reloads into the new release.
    const asset = request.url.startsWith("/assets/");
    if (request.url.startsWith("/api/") || asset || !hasClient || request.method !== "GET") {
      return sendError(reply, 404, errorCodes.notFound, `No route for ${request.method} ${request.url.split("?")[0]}`);
    }
    return reply.header("cache-control", cacheControlFor("index.html")).type("text/html").sendFile("index.html");
  });
}

/**
 * Vite names built assets by their content hash, so a browser may keep them for good; everything else (the page
 * itself, the theme script) is revalidated, so a deploy reaches every tab on its next navigation.
 */
export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? "public, max-age=31536000, immutable" : "no-cache";
}
