import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createWebhookBody,
  createWebhookResponse,
  errorCodes,
  idParams,
  rotateWebhookSecretResponse,
  updateWebhookBody,
  webhookEndpoint,
  type CreateWebhookResponse,
  type RotateWebhookSecretResponse,
  type WebhookEndpoint,
} from "@procure/contracts";
import { getWebhookEndpoint, listWebhookEndpoints } from "@procure/projections/webhooks";
import { generateSecret, ROTATION_OVERLAP_MS, rotateSecret, storeSecret, webhookStreamId } from "@procure/webhooks";
import { deleteSecrets } from "@procure/webhooks";
import type { AppendResult } from "@procure/eventstore";
import type { AppDeps } from "../../deps.ts";
import { newId } from "../../commands/new-id.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { takeSlots } from "./endpoint-slots.ts";
import { privateUrlProblem } from "./public-url.ts";
import { webhookEndpointDecider, webhookSlotsDecider } from "@procure/domain";
import { HttpError } from "../../plugins/errors.ts";
import { endpointView, evolveEndpoint, type EndpointState } from "./endpoint-stream.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

const errors = commandErrors;
const reads = ["webhook-endpoints"];

const endpointRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const manage = app.requirePermission("webhooks:manage");

  const checkUrl = async (url: string) => {
    const problem = await privateUrlProblem(deps, url);
    if (problem) throw new HttpError(400, errorCodes.validation, problem, [{ path: "body.url", message: problem }]);
  };

  /** The read model's row once it has the command's version, else the endpoint as its stream tells it. */
  const answer =
    (id: string) =>
    async (result: AppendResult): Promise<WebhookEndpoint> => {
      const appended = Math.max(0, ...result.events.filter((e) => e.stream_id === webhookStreamId(id)).map((e) => e.stream_version));
      const row = await getWebhookEndpoint(deps.db, id);
      if (row && row.version >= appended) return row;
      const events = await deps.store.readStream(webhookStreamId(id));
      const state = events.reduce(evolveEndpoint, { exists: false } as EndpointState);
      if (!state.exists) throw new HttpError(404, "not_found", "Webhook endpoint not found.");
      return endpointView(id, state, events.at(-1)!.stream_version);
    };

  /**
   * A secret is shown once: the idempotency store keeps an answer without it, and a replay answers that with the
   * secret null (whoever lost it rotates it), never the endpoint's current secret.
   */
  const withoutSecret = <A extends { secret: string | null }>() => ({
    keep: ({ secret: _, ...rest }: A) => rest,
    answer: (kept: unknown) => ({ ...(kept as Omit<A, "secret">), secret: null }) as A,
  });

  app.get("/api/webhooks", { preValidation: manage, schema: { tags: ["webhooks"], response: { 200: z.array(webhookEndpoint), ...errors } } }, async () =>
    listWebhookEndpoints(deps.db),
  );

  app.get(
    "/api/webhooks/:id",
    { preValidation: manage, schema: { tags: ["webhooks"], params: idParams, response: { 200: webhookEndpoint, ...errors } } },
    async (request, reply) => {
      const row = await getWebhookEndpoint(deps.db, request.params.id);
      if (!row) throw new HttpError(404, "not_found", "Webhook endpoint not found.");
      return withVersion(reply, row);
    },
  );

  app.post(
    "/api/webhooks",
    {
      preValidation: manage,
      schema: {
        tags: ["webhooks"],
        description:
          "Creates an endpoint and shows its signing secret, once: a replay with the same Idempotency-Key answers `secret: null`. A workspace has at most WEBHOOKS_MAX_ENDPOINTS endpoints (20 unless configured); past that the create answers 409 until one is deleted.",
        body: createWebhookBody,
        response: { 201: createWebhookResponse, ...errors },
      },
    },
    async (request, reply) => {
      const id = newId(request);
      const body = request.body;
      await checkUrl(body.url);
      const secret = generateSecret();
      return handleCommand(deps, request, reply, {
        status: 201,
        reads,
        // A create that lost the race for a slot decides again on the slots as they are now.
        retryOnConflict: true,
        commands: async (load) => [
          on(webhookEndpointDecider, id, {
            type: "CreateWebhookEndpoint",
            endpoint: { url: body.url, description: body.description ?? null, event_types: body.event_types, enabled: body.enabled ?? true },
          }),
          await takeSlots(deps, load, [id]),
        ],
        alsoInTransaction: async (trx) => storeSecret(id, secret, new Date().toISOString())(trx),
        respond: async (result): Promise<CreateWebhookResponse> => ({ ...(await answer(id)(result)), secret }),
        replay: withoutSecret<CreateWebhookResponse>(),
      });
    },
  );

  app.patch(
    "/api/webhooks/:id",
    { preValidation: manage, schema: { tags: ["webhooks"], params: idParams, body: updateWebhookBody, response: { 200: webhookEndpoint, ...editErrors } } },
    async (request, reply) => {
      const { id } = request.params;
      const changes = request.body;
      if (changes.url !== undefined) await checkUrl(changes.url);
      return handleCommand(deps, request, reply, {
        reads,
        retryOnConflict: true,
        expectedVersion: ifMatch(request),
        commands: on(webhookEndpointDecider, id, { type: "UpdateWebhookEndpoint", changes }),
        respond: answer(id),
      });
    },
  );

  app.delete(
    "/api/webhooks/:id",
    { preValidation: manage, schema: { tags: ["webhooks"], params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        status: 204,
        reads,
        retryOnConflict: true,
        commands: [
          on(webhookEndpointDecider, id, { type: "DeleteWebhookEndpoint" }),
          on(webhookSlotsDecider, "", { type: "FreeWebhookEndpointSlot", endpoint_id: id }),
        ],
        alsoInTransaction: async (trx) => deleteSecrets(trx, id),
        respond: async () => null,
      });
    },
  );

  app.post(
    "/api/webhooks/:id/rotate-secret",
    {
      preValidation: manage,
      schema: {
        tags: ["webhooks"],
        description: "Issues a new signing secret and shows it once: a replay with the same Idempotency-Key answers `secret: null`.",
        params: idParams,
        response: { 200: rotateWebhookSecretResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const secret = generateSecret();
      let previousValidUntil = "";
      return handleCommand(deps, request, reply, {
        reads,
        commands: async (_load, now) => {
          previousValidUntil = new Date(Date.parse(now) + ROTATION_OVERLAP_MS).toISOString();
          return on(webhookEndpointDecider, id, { type: "RotateWebhookSecret", previous_valid_until: previousValidUntil });
        },
        alsoInTransaction: async (trx) => rotateSecret(id, secret, new Date().toISOString(), previousValidUntil)(trx),
        respond: async (): Promise<RotateWebhookSecretResponse> => ({ secret, previous_valid_until: previousValidUntil }),
        replay: withoutSecret<RotateWebhookSecretResponse>(),
      });
    },
  );
};

export default endpointRoutes;
