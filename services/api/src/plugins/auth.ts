import fp from "fastify-plugin";
import jwt from "@fastify/jwt";
import type { FastifyReply, FastifyRequest } from "fastify";
import { can, errorCodes, normalizeRole, type Permission } from "@procure/contracts";
import type { Actor } from "@procure/domain";
import { sendError } from "./errors.ts";

type TokenClaims = { sub: string; email: string; role: string };

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (actor: Actor) => string;
    actorFromToken: (token: string) => Actor | null;
  }
}

function toActor(claims: TokenClaims): Actor {
  return { id: claims.sub, email: claims.email, role: normalizeRole(claims.role) };
}

/** Bearer tokens (@fastify/jwt); every guarded route declares `onRequest: app.authenticate`. */
export default fp(
  async (app, options: { secret: string; expiresIn: string }) => {
    await app.register(jwt, { secret: options.secret, sign: { expiresIn: options.expiresIn } });
    app.decorateRequest("actor", null as unknown as Actor);

    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.headers.authorization) {
        return sendError(reply, 401, errorCodes.unauthorized, "Sign in to continue.");
      }
      try {
        request.actor = toActor(await request.jwtVerify<TokenClaims>());
      } catch {
        return sendError(reply, 401, errorCodes.unauthorized, "Your session has expired or is invalid. Sign in again.");
      }
    });

    app.decorate("requirePermission", (permission: Permission) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!can(request.actor.role, permission)) {
        return sendError(reply, 403, errorCodes.forbidden, "Your role does not allow this action.");
      }
    });

    app.decorate("signToken", (actor: Actor) => app.jwt.sign({ sub: actor.id, email: actor.email, role: actor.role }));
    app.decorate("actorFromToken", (token: string) => {
      try {
        return toActor(app.jwt.verify<TokenClaims>(token));
      } catch {
        return null;
      }
    });
  },
  { name: "auth" },
);
