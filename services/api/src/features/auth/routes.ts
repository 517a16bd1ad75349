import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authResponse,
  changePasswordBody,
  deactivatedMessage,
  emailTakenMessage,
  errorBody,
  errorCodes,
  loginBody,
  loginFailedMessage,
  meResponse,
  samePasswordMessage,
  signupBody,
  wrongCurrentPasswordMessage,
  type Role,
  type User,
} from "@procure/contracts";
import { ConcurrencyConflictError } from "@procure/eventstore";
import { findUserById, toUser } from "@procure/projections";
import { findLogin, findPasswordHash, revokeSessions, storeCredentials, storePassword } from "./credentials.ts";
import { registeredUser, registration } from "./registered-user.ts";
import { signupRole } from "./first-admin.ts";
import { AccountLockedError, LoginThrottle } from "./login-throttle.ts";
import type { Kysely } from "kysely";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { commandErrors } from "../../http/error-responses.ts";
import { userDecider, userStreamId } from "@procure/domain";
import { HttpError } from "../../plugins/errors.ts";
import { hashPassword, verifyPassword } from "../../passwords.ts";
import { requireStrongPassword } from "../../password-strength.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["users"];
const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // A token is signed fresh for every answer and never stored: replays of a signup get a new one.
  const throttle = new LoginThrottle(deps.db as Kysely<unknown>);
  const withToken = (user: User, tokenVersion = 0) => ({
    token: app.signToken({ id: user.id, email: user.email, role: user.role }, tokenVersion),
    user,
    mustChangePassword: false,
  });

  const publicLimit = { rateLimit: { max: deps.env.RATE_LIMIT_PUBLIC, timeWindow: "1 minute" } };

  app.post(
    "/api/auth/signup",
    {
      config: publicLimit,
      schema: { tags: ["auth"], body: signupBody, response: { 201: authResponse, 400: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const asked: Role = request.body.role ?? "requester";
      await requireStrongPassword(password, "password");
      const userId = newId(request);
      const passwordHash = await hashPassword(password);
      try {
        return await handleCommand(deps, request, reply, {
          reads,
          status: 201,
          retryOnConflict: true,
          commands: async (load) => {
            const { role, claim } = await signupRole(deps, load, asked, userId);
            return [...registration({ userId, email, role, invitedBy: null }), ...claim];
          },
          alsoInTransaction: storeCredentials({ userId, email, passwordHash }),
          respond: async (result) => withToken(registeredUser(result.events)),
          replay: { keep: ({ user }) => ({ user }), answer: (kept) => withToken((kept as { user: User }).user) },
        });
      } catch (error) {
        if (error instanceof ConcurrencyConflictError) throw new HttpError(409, errorCodes.conflict, emailTakenMessage);
        throw error;
      }
    },
  );

  app.post(
    "/api/auth/login",
    {
      config: publicLimit,
      schema: { tags: ["auth"], body: loginBody, response: { 200: authResponse, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      const lockedFor = await throttle.lockedFor(request.body.email);
      if (lockedFor > 0) {
        reply.header("retry-after", String(lockedFor));
        throw new AccountLockedError(lockedFor);
      }
      const row = await findLogin(deps.db, request.body.email);
      const ok = row ? await verifyPassword(request.body.password, row.password_hash) : await verifyPassword(request.body.password, DUMMY_HASH);
      if (!row || !ok) {
        await throttle.recordFailure(request.body.email);
        throw new HttpError(401, errorCodes.unauthorized, loginFailedMessage);
      }
      // Said only to someone who knows the password, so it tells a guesser nothing.
      if (!row.active) throw new HttpError(403, errorCodes.accountDeactivated, deactivatedMessage);
      await throttle.recordSuccess(request.body.email);
      const user =
        row.role && row.email && row.created_at
          ? toUser({ id: row.user_id, email: row.email, role: row.role, active: true, created_at: row.created_at })
          : registeredUser(await deps.store.readStream(userStreamId(row.user_id)));
      const token = app.signToken({ id: user.id, email: user.email, role: user.role }, row.token_version);
      return { token, user, mustChangePassword: row.must_change_password };
    },
  );

  app.get(
    "/api/me",
    {
      onRequest: app.authenticate,
      config: { allowedBeforePasswordChange: true },
      schema: { tags: ["auth"], security: [{ bearer: [] }], response: { 200: meResponse, 401: errorBody } },
    },
    async (request) => {
      const row = await findUserById(deps.db, request.actor.id);
      if (!row) throw new HttpError(401, errorCodes.unauthorized, "This account no longer exists.");
      return { user: toUser(row) };
    },
  );

  app.post(
    "/api/auth/password",
    {
      onRequest: app.authenticate,
      config: { allowedBeforePasswordChange: true },
      schema: { tags: ["auth"], security: [{ bearer: [] }], body: changePasswordBody, response: { 200: authResponse, ...commandErrors } },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const userId = request.actor.id;
      const storedHash = await findPasswordHash(deps.db, userId);
      if (!storedHash || !(await verifyPassword(currentPassword, storedHash))) {
        throw new HttpError(400, errorCodes.validation, wrongCurrentPasswordMessage);
      }
      if (currentPassword === newPassword) throw new HttpError(400, errorCodes.validation, samePasswordMessage);
      await requireStrongPassword(newPassword, "newPassword");
      const passwordHash = await hashPassword(newPassword);
      const answer = async () => {
        const row = await findUserById(deps.db, userId);
        if (!row) throw new HttpError(401, errorCodes.unauthorized, "This account no longer exists.");
        // The token version is unchanged (a reset moved it before this sign-in): the session that chose the password goes on.
        return withToken(toUser(row), request.user.ver ?? 0);
      };
      return handleCommand(deps, request, reply, {
        reads,
        retryOnConflict: true,
        commands: on(userDecider, userId, { type: "ChangeOwnPassword" }),
        alsoInTransaction: storePassword(userId, passwordHash, false),
        respond: answer,
        replay: { keep: () => ({}), answer },
      });
    },
  );

  app.post(
    "/api/auth/logout",
    {
      onRequest: app.authenticate,
      config: { allowedBeforePasswordChange: true },
      schema: { tags: ["auth"], security: [{ bearer: [] }], response: { 204: z.null(), 401: errorBody } },
    },
    async (request, reply) => {
      await revokeSessions(deps.db, request.actor.id);
      // Every API process closes the sockets it holds for this user.
      deps.bus.announceUserChanged(request.actor.id);
      return reply.code(204).send(null);
    },
  );
};

/** Compared against when the email is unknown, so a wrong email costs the same time as a wrong password. */
const DUMMY_HASH = "scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==";

export default authRoutes;
