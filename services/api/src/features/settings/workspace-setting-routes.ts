import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { StreamDecider } from "@procure/domain";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { commandErrors } from "../../http/error-responses.ts";

/** One workspace setting: a single stream of its own, read from a read model, changed by merging what is sent. */
export type WorkspaceSetting<S extends object, C extends { type: string }> = {
  /** Under `/api/settings/`. */
  path: string;
  /** The read models the setting's answers and its effects show in (a command waits for them). */
  reads: string[];
  answer: z.ZodType<S>;
  body: z.ZodType<Partial<S>>;
  decider: StreamDecider<S, C>;
  /** The setting as it stands: from its read model, or from its own stream when nothing else needs a read model. */
  read: (deps: AppDeps) => Promise<S>;
  /** The command that sets the whole setting to `settings`. */
  change: (settings: S) => NoInfer<C>;
};

/** `GET` and `PATCH /api/settings/<path>` for admins (`settings:manage`). */
export function workspaceSettingRoutes<S extends object, C extends { type: string }>(
  setting: WorkspaceSetting<S, C>,
): FastifyPluginAsyncZod<{ deps: AppDeps }> {
  const { decider } = setting;
  const url = `/api/settings/${setting.path}`;
  const tags = ["settings"];
  return async (typed, { deps }) => {
    // The zod compilers still check and shape both answers; only their static types, which a generic setting cannot
    // give the type provider, are left to WorkspaceSetting.
    const app = typed as unknown as FastifyInstance;
    app.addHook("onRequest", app.authenticate);
    const admin = { preValidation: app.requirePermission("settings:manage") };

    app.get(url, { ...admin, schema: { tags, response: { 200: setting.answer, ...commandErrors } } }, async () => setting.read(deps));

    app.patch(url, { ...admin, schema: { tags, body: setting.body, response: { 200: setting.answer, ...commandErrors } } }, async (request, reply) =>
      handleCommand(deps, request, reply, {
        reads: setting.reads,
        retryOnConflict: true,
        commands: async (load) => {
          const { state } = await load(decider, "");
          return on(decider, "", setting.change({ ...state, ...(request.body as Partial<S>) }));
        },
        // The setting as the command left it: the stream it read and what it appended; a replay reads it back.
        respond: async (result, decidedOn) => {
          const before = decidedOn(decider.streamId(""));
          if (!before) return setting.read(deps);
          return [...before, ...result.events].reduce(decider.evolve, decider.initialState);
        },
      }),
    );
  };
}
