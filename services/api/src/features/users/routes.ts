import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createUserBody,
  createUserResponse,
  emailTakenMessage,
  errorCodes,
  idParams,
  member,
  resetPasswordResponse,
  updateUserBody,
  userListQuery,
  type CreateUserResponse,
  type ResetPasswordResponse,
  type User,
} from "@procure/contracts";
import { userDecider } from "@procure/domain";
import { ConcurrencyConflictError } from "@procure/eventstore";
import { findUserById, listUsers, toMember } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { generateTemporaryPassword, hashPassword } from "../../passwords.ts";
import { requireStrongPassword } from "../../password-strength.ts";
import { storeActive, storeCredentials, storePassword, storeRole } from "../auth/credentials.ts";
import { registeredUser, registration } from "../auth/registered-user.ts";
import { commandErrors, editErrors, errorResponses } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";
import { requireAnAdmin } from "./last-admin.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["users"];
const errors = errorResponses(400, 401, 403, 409);

const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  const memberRow = async (id: string) => {
    const row = await findUserById(deps.db, id);
    if (!row) throw new HttpError(404, errorCodes.notFound, "No such user.");
    return row;
  };

  app.get(
    "/api/users",
    {
      preValidation: app.requirePermission("users:read"),
      schema: { tags: ["users"], querystring: userListQuery, response: { 200: z.array(member), ...errors } },
    },
    async (request) => listUsers(deps.db, request.query.q),
  );

  app.get(
    "/api/users/:id",
    {
      preValidation: app.requirePermission("users:read"),
      config: { reads },
      schema: { tags: ["users"], params: idParams, response: { 200: member, ...commandErrors } },
    },
    async (request, reply) => withVersion(reply, toMember(await memberRow(request.params.id))),
  );

  app.post(
    "/api/users",
    {
      preValidation: app.requirePermission("users:write"),
      schema: { tags: ["users"], body: createUserBody, response: { 201: createUserResponse, ...errors } },
    },
    async (request, reply) => {
      const { email, role } = request.body;
      if (request.body.password !== undefined) await requireStrongPassword(request.body.password, "password");
      const temporaryPassword = request.body.password ?? generateTemporaryPassword();
      // A generated password is one nobody chose: it must be replaced at first sign-in unless the admin says otherwise.
      const mustChangePassword = request.body.mustChangePassword ?? request.body.password === undefined;
      const userId = newId(request);
      const passwordHash = await hashPassword(temporaryPassword);
      try {
        return await handleCommand(deps, request, reply, {
          reads,
          status: 201,
          commands: registration({ userId, email, role, invitedBy: request.actor.id }),
          alsoInTransaction: storeCredentials({ userId, email, passwordHash, mustChangePassword }),
          respond: async (result): Promise<CreateUserResponse> => ({ user: registeredUser(result.events), temporaryPassword }),
          // The temporary password is shown once: a replay answers with the account only.
          replay: { keep: ({ user }) => ({ user }), answer: (kept) => kept as { user: User } },
        });
      } catch (error) {
        if (error instanceof ConcurrencyConflictError) throw new HttpError(409, errorCodes.conflict, emailTakenMessage);
        throw error;
      }
    },
  );

  app.patch(
    "/api/users/:id",
    {
      preValidation: app.requirePermission("users:write"),
      schema: { tags: ["users"], params: idParams, body: updateUserBody, response: { 200: member, ...editErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { role, active } = request.body;
      await handleCommand(deps, request, reply, {
        reads,
        // What is asked for holds whatever changed meanwhile; the retry's transaction counts the admins again.
        retryOnConflict: true,
        expectedVersion: ifMatch(request),
        commands: on(userDecider, id, { type: "UpdateMember", role, active }),
        alsoInTransaction: async (trx) => {
          if (role !== undefined) await storeRole(id, role)(trx);
          if (active !== undefined) await storeActive(id, active)(trx);
          await requireAnAdmin(trx);
        },
        respond: async () => toMember(await memberRow(id)),
      });
      // Every API process re-checks the user's sockets: closed when deactivated, or given a new role (the client opens another).
      deps.bus.announceUserChanged(id);
      return reply;
    },
  );

  app.post(
    "/api/users/:id/reset-password",
    {
      preValidation: app.requirePermission("users:write"),
      schema: { tags: ["users"], params: idParams, response: { 200: resetPasswordResponse, ...commandErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      await handleCommand(deps, request, reply, {
        reads,
        retryOnConflict: true,
        commands: on(userDecider, id, { type: "ResetUserPassword" }),
        alsoInTransaction: storePassword(id, passwordHash, true),
        respond: async (): Promise<ResetPasswordResponse> => ({ temporaryPassword }),
        // Shown once: a replay says the reset happened, without the password.
        replay: { keep: () => ({}), answer: () => ({ temporaryPassword: null }) },
      });
      // The reset ends the user's sessions: every API process closes the sockets it holds for them.
      deps.bus.announceUserChanged(id);
      return reply;
    },
  );
};

export default userRoutes;
