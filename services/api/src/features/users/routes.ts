import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createUserBody, createUserResponse, emailTakenMessage, errorCodes, user, type CreateUserResponse, type User } from "@procure/contracts";
import { ConcurrencyConflictError } from "@procure/eventstore";
import { listUsers } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { handleCommand } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { generateTemporaryPassword, hashPassword } from "../../passwords.ts";
import { storeCredentials } from "../auth/credentials.ts";
import { registeredUser, registration } from "../auth/registered-user.ts";
import { errorResponses } from "../../http/error-responses.ts";

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
};

export default userRoutes;
