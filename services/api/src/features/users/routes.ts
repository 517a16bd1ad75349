import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changeUserRoleBody,
  createUserBody,
  createUserResponse,
  emailTakenMessage,
  errorCodes,
  idParams,
  user,
  type CreateUserResponse,
  type User,
} from "@procure/contracts";
import { userDecider } from "@procure/domain";
import { ConcurrencyConflictError } from "@procure/eventstore";
import { findUserById, listUsers, toUser } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { generateTemporaryPassword, hashPassword } from "../../passwords.ts";
import { storeCredentials, storeRole } from "../auth/credentials.ts";
import { registeredUser, registration } from "../auth/registered-user.ts";
import { commandErrors, errorResponses } from "../../http/error-responses.ts";
import { requireAnAdmin } from "./last-admin.ts";

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["users"];
const errors = errorResponses(400, 401, 403, 409);

const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  app.get(
    "/api/users",
    { preValidation: app.requirePermission("users:read"), schema: { tags: ["users"], response: { 200: z.array(user), ...errors } } },
    async () => listUsers(deps.db),
  );

  app.post(
    "/api/users",
    {
      preValidation: app.requirePermission("users:write"),
      schema: { tags: ["users"], body: createUserBody, response: { 201: createUserResponse, ...errors } },
    },
    async (request, reply) => {
      const { email, role } = request.body;
      const temporaryPassword = request.body.password ?? generateTemporaryPassword();
      const userId = newId(request);
      const passwordHash = await hashPassword(temporaryPassword);
      try {
        return await handleCommand(deps, request, reply, {
          reads,
          status: 201,
          commands: registration({ userId, email, role, invitedBy: request.actor.id }),
          alsoInTransaction: storeCredentials({ userId, email, passwordHash }),
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
      schema: { tags: ["users"], params: idParams, body: changeUserRoleBody, response: { 200: user, ...commandErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { role } = request.body;
      await handleCommand(deps, request, reply, {
        reads,
        // The role asked for holds whatever changed meanwhile; the retry's transaction counts the admins again.
        retryOnConflict: true,
        commands: on(userDecider, id, { type: "ChangeUserRole", role }),
        alsoInTransaction: async (trx) => {
          await storeRole(id, role)(trx);
          await requireAnAdmin(trx);
        },
        respond: async () => {
          const row = await findUserById(deps.db, id);
          if (!row) throw new HttpError(404, errorCodes.notFound, "No such user.");
          return toUser(row);
        },
      });
      // Every API process re-reads the user's role for the sockets it holds.
      deps.bus.announceUserChanged(id);
      return reply;
    },
  );
};

export default userRoutes;
