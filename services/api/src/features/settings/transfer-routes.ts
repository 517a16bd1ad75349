import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import {
  settingsDocument,
  settingsExport,
  settingsImportQuery,
  settingsImportResult,
  summarize,
  type SettingsDocument,
  type SettingsImportResult,
} from "@procure/contracts";
import type { LoadedStream, LoadStream } from "@procure/domain";
import { generateSecret, storeSecret } from "@procure/webhooks";
import type { AppDeps } from "../../deps.ts";
import { handleCommand } from "../../commands/handle-command.ts";
import { loadState } from "../../commands/load-stream.ts";
import { newId } from "../../commands/new-id.ts";
import { commandErrors } from "../../http/error-responses.ts";
import { generateTemporaryPassword, hashPasswords } from "../../passwords.ts";
import { storeActive, storeCredentials, storeRole } from "../auth/credentials.ts";
import { decideImport, dryRunImport, requireAnAdminAfterImport } from "./import-decision.ts";
import type { ImportPlan } from "./import-plan.ts";
import { exportSettings } from "./settings-export.ts";

const tags = ["settings"];
/** Every read model an import writes to: the answer waits for them, so the screens show the import at once. */
const reads = ["users", "categories", "approval-rules", "webhook-endpoints", "vendor-documents", "invoices", "budgets"];

const result = (
  plan: Pick<ImportPlan, "changes">,
  dryRun: boolean,
  created: Pick<SettingsImportResult, "temporary_passwords" | "webhook_secrets">,
): SettingsImportResult => ({
  dry_run: dryRun,
  changes: plan.changes,
  summary: summarize(plan.changes),
  ...created,
});

/** Settings export and import (admins): one versioned document, imported through the same commands as the screens. */
const settingsTransferRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);
  const admin = { preValidation: app.requirePermission("settings:manage") };

  app.get(
    "/api/settings/export",
    {
      ...admin,
      schema: {
        tags,
        description: "The workspace's settings as one versioned JSON document, without any password, token or signing secret.",
        response: { 200: settingsExport, ...commandErrors },
      },
    },
    async (_request, reply) => {
      const now = new Date().toISOString();
      reply.header("content-disposition", `attachment; filename="procure-settings-${now.slice(0, 10)}.json"`);
      return exportSettings(deps, now);
    },
  );

  app.post(
    "/api/settings/import",
    {
      ...admin,
      schema: {
        tags,
        description:
          "Imports a settings document: with `dry_run=true` answers what each record would become (create, update or unchanged), or the same refusal the import would meet, and changes nothing; without it applies the changes as ordinary commands, all or none. Members it creates get temporary passwords and endpoints new signing secrets, shown once.",
        querystring: settingsImportQuery,
        body: settingsDocument,
        response: { 200: settingsImportResult, ...commandErrors },
      },
    },
    async (request, reply) => {
      const document = request.body;
      if (request.query.dry_run === "true") return dryRun(deps, request, document);

      const userIds = new Map<string, string>();
      // Kept across attempts of this request: a retry after a conflict names the same members, passwords and secrets.
      const passwords = new Map<string, { password: string; hash: string }>();
      const secrets = new Map<string, string>();
      let plan: ImportPlan | undefined;
      const lastPlan = () => plan!;
      return handleCommand(deps, request, reply, {
        reads,
        commands: async (load, now) => {
          const userIdFor = (email: string) => userIds.get(email) ?? userIds.set(email, newId(request)).get(email)!;
          const decision = await decideImport(deps, document, { load, actor: request.actor, now, userIdFor });
          plan = decision.plan;
          const unhashed = plan.newUsers.filter(({ email }) => !passwords.has(email)).map(({ email }) => ({ email, password: generateTemporaryPassword() }));
          const hashes = await hashPasswords(unhashed.map(({ password }) => password));
          unhashed.forEach(({ email, password }, i) => passwords.set(email, { password, hash: hashes[i]! }));
          for (const { id } of plan.newWebhooks) if (!secrets.has(id)) secrets.set(id, generateSecret());
          return decision.commands;
        },
        alsoInTransaction: async (trx) => {
          const { newUsers, changedUsers, newWebhooks } = lastPlan();
          for (const { userId, email, active } of newUsers) {
            await storeCredentials({ userId, email, passwordHash: passwords.get(email)!.hash, mustChangePassword: true })(trx);
            if (!active) await storeActive(userId, false)(trx);
          }
          for (const { userId, role, active } of changedUsers) {
            await storeRole(userId, role)(trx);
            await storeActive(userId, active)(trx);
          }
          await requireAnAdminAfterImport(trx, lastPlan());
          const at = new Date().toISOString();
          for (const { id } of newWebhooks) await storeSecret(id, secrets.get(id)!, at)(trx);
        },
        respond: async () => {
          // A retry of an attempt that committed but never answered decided nothing here: it says only that it is done.
          const done = plan ?? { changes: [], newUsers: [], changedUsers: [], newWebhooks: [] };
          for (const { userId } of done.changedUsers) deps.bus.announceUserChanged(userId);
          return result(done, false, {
            temporary_passwords: done.newUsers.map(({ email }) => ({ email, password: passwords.get(email)!.password })),
            webhook_secrets: done.newWebhooks.map(({ id, url }) => ({ id, url, secret: secrets.get(id)! })),
          });
        },
        // Passwords and secrets are shown once: a replay answers what changed without them.
        replay: {
          keep: ({ temporary_passwords: _p, webhook_secrets: _s, ...rest }) => rest,
          answer: (kept) => ({
            ...(kept as Omit<SettingsImportResult, "temporary_passwords" | "webhook_secrets">),
            temporary_passwords: [],
            webhook_secrets: [],
          }),
        },
      });
    },
  );
};

/** What the import would do, or the refusal it would meet, decided on the streams as they are now; nothing is appended. */
async function dryRun(deps: AppDeps, request: FastifyRequest, document: SettingsDocument) {
  const read = new Map<string, Promise<LoadedStream<unknown>>>();
  const load: LoadStream = (decider, id) => {
    const streamId = decider.streamId(id);
    if (!read.has(streamId)) read.set(streamId, loadState(deps, decider, id));
    return read.get(streamId)! as Promise<LoadedStream<never>>;
  };
  const plan = await dryRunImport(deps, document, { load, actor: request.actor, now: new Date().toISOString(), userIdFor: () => randomUUID() });
  return result(plan, true, { temporary_passwords: [], webhook_secrets: [] });
}

export default settingsTransferRoutes;
