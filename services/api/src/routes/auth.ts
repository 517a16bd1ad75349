import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import {
  authResponse,
  emailTakenMessage,
  errorBody,
  errorCodes,
  loginBody,
  loginFailedMessage,
  meResponse,
  signupBody,
  type Role,
} from "@procure/contracts";
import { emailStreamId, registerUser, userStreamId } from "@procure/domain";
import { ConcurrencyConflictError } from "@procure/eventstore";
import { findUserByEmail, findUserById, toUser } from "@procure/projections";
import type { AppDeps } from "../deps.ts";
import { runCommand } from "../commands/run-command.ts";
import { HttpError } from "../plugins/errors.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";

/** Whether anyone holds the admin role, read from the log itself so a lagging read model cannot grant a second. */
async function workspaceHasAdmin(deps: AppDeps): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from events
    where type = 'UserRegistered' and data->>'role' = 'admin') as found`.execute(deps.db);
  return Boolean(rows[0]?.found);
}

const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
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
      // A privileged role is granted only to the first admin of a workspace, or when signup is configured open.
      const role: Role = asked === "requester" || deps.env.OPEN_SIGNUP || !(await workspaceHasAdmin(deps)) ? asked : "requester";
      const userId = randomUUID();
      const passwordHash = await hashPassword(password);
      try {
        return await runCommand(deps, request, reply, {
          status: 201,
          decide: async () => {
            const { userEvents, emailEvents } = registerUser({ userId, email, role, passwordHash, invitedBy: null });
            return [
              { streamType: "email", streamId: emailStreamId(email), expectedVersion: 0, events: emailEvents },
              { streamType: "user", streamId: userStreamId(userId), expectedVersion: 0, events: userEvents },
            ];
          },
          respond: async (result) => {
            const registered = result.events.find((e) => e.type === "UserRegistered")!;
            const user = { id: userId, email, role, created_at: registered.recorded_at };
            return { token: app.signToken({ id: userId, email, role }), user };
          },
        });
      } catch (error) {
        if (error instanceof ConcurrencyConflictError) throw new HttpError(409, errorCodes.conflict, emailTakenMessage);
        throw error;
      }
    },
  );

  app.post(
    "/api/auth/login",
    { config: publicLimit, schema: { tags: ["auth"], body: loginBody, response: { 200: authResponse, 400: errorBody, 401: errorBody } } },
    async (request) => {
      const row = await findUserByEmail(deps.db, request.body.email);
      const ok = row ? await verifyPassword(request.body.password, row.password_hash) : await verifyPassword(request.body.password, DUMMY_HASH);
      if (!row || !ok) throw new HttpError(401, errorCodes.unauthorized, loginFailedMessage);
      const user = toUser(row);
      return { token: app.signToken({ id: user.id, email: user.email, role: user.role }), user };
    },
  );

  app.get(
    "/api/me",
    { onRequest: app.authenticate, schema: { tags: ["auth"], security: [{ bearer: [] }], response: { 200: meResponse, 401: errorBody } } },
    async (request) => {
      const row = await findUserById(deps.db, request.actor.id);
      if (!row) throw new HttpError(401, errorCodes.unauthorized, "This account no longer exists.");
      return { user: toUser(row) };
    },
  );
};

/** Compared against when the email is unknown, so a wrong email costs the same time as a wrong password. */
const DUMMY_HASH = "scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==";

export default authRoutes;
