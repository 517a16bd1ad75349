import fp from "fastify-plugin";
import jwt from "@fastify/jwt";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { can, errorCodes, normalizeRole, passwordChangeRequiredMessage, type Permission } from "@procure/contracts";
import type { Actor } from "@procure/domain";
import type { Database } from "@procure/projections";
import { sessionLookups } from "../features/auth/credentials.ts";
import { sendError } from "./errors.ts";

/** `ver` is the account's token version at signing; logout bumps it, which ends every earlier token. */
type TokenClaims = { sub: string; email: string; role: string; ver?: number; exp?: number };

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers while the account's temporary password waits to be changed (sign-out, the change itself). */
    allowedBeforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (actor: Actor, tokenVersion?: number) => string;
    /**
     * The actor a token stands for now, with when the token expires and whether its temporary password waits to be
     * changed; null when it is invalid, expired or revoked.
     */
    sessionFromToken: (token: string) => Promise<{ actor: Actor; expiresAt: number; mustChangePassword: boolean } | null>;
  }
}

const expired = "Your session has expired or is invalid. Sign in again.";

/**
 * Bearer tokens (@fastify/jwt); every guarded route declares `onRequest: app.authenticate`. A token only says who
 * signed in: existence, activity, revocation and the role are read on each request, so a demoted, deactivated or
 * signed-out user loses rights at once, and one whose password is temporary can do nothing but change it.
 */
export default fp(
  async (app, options: { secret: string; expiresIn: string; db: Kysely<Database> }) => {
    await app.register(jwt, {
      secret: options.secret,
      sign: { expiresIn: options.expiresIn },
      // A token's signature is checked once and its claims kept until it expires (or ten minutes): a browser sends
      // the same one with every request. What the token may do is still read on every request (below).
      verify: { requiredClaims: ["exp", "sub"], cache: 1_000 },
    });
    app.decorateRequest("actor", null as unknown as Actor);

    const findSession = sessionLookups(options.db);
    const currentSession = async (claims: TokenClaims) => {
      const session = await findSession(claims.sub);
      if (!session || session.token_version !== (claims.ver ?? 0)) return null;
      const actor: Actor = { id: claims.sub, email: session.email ?? claims.email, role: normalizeRole(session.role ?? claims.role) };
      return { actor, mustChangePassword: session.must_change_password };
    };

    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.headers.authorization) return sendError(reply, 401, errorCodes.unauthorized, "Sign in to continue.");
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
      } catch {
        return sendError(reply, 401, errorCodes.unauthorized, expired);
      }
      const session = await currentSession(claims);
      if (!session) return sendError(reply, 401, errorCodes.unauthorized, expired);
      if (session.mustChangePassword && !request.routeOptions.config.allowedBeforePasswordChange) {
        return sendError(reply, 403, errorCodes.passwordChangeRequired, passwordChangeRequiredMessage);
      }
      request.actor = session.actor;
    });

    app.decorate("requirePermission", (permission: Permission) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!can(request.actor.role, permission)) {
        return sendError(reply, 403, errorCodes.forbidden, "Your role does not allow this action.");
      }
    });

    app.decorate("signToken", (actor: Actor, tokenVersion = 0) => app.jwt.sign({ sub: actor.id, email: actor.email, role: actor.role, ver: tokenVersion }));
    app.decorate("sessionFromToken", async (token: string) => {
      let claims: TokenClaims;
      try {
        claims = app.jwt.verify<TokenClaims>(token);
      } catch {
        return null;
      }
      const session = await currentSession(claims);
      return session ? { ...session, expiresAt: (claims.exp ?? 0) * 1000 } : null;
    });
  },
  { name: "auth" },
);
