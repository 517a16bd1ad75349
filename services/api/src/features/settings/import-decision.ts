import type { Kysely, Transaction } from "kysely";
import { errorCodes, type SettingsDocument } from "@procure/contracts";
import { decideStreams, type Actor, type LoadStream, type StreamCommand } from "@procure/domain";
import type { AppDeps } from "../../deps.ts";
import { HttpError } from "../../plugins/errors.ts";
import { requireAnAdmin } from "../users/last-admin.ts";
import { takeSlots } from "../webhooks/endpoint-slots.ts";
import { privateUrlProblem } from "../webhooks/public-url.ts";
import { planImport, type ImportPlan } from "./import-plan.ts";

export type ImportDecision = { plan: ImportPlan; commands: StreamCommand[] };

export type ImportInput = {
  actor: Actor;
  now: string;
  load: LoadStream;
  /** The id a member new to this workspace gets (see `PlanContext`). */
  userIdFor: (email: string) => string;
};

/** A document with records that cannot be imported is refused whole, naming each of them. */
function refused(plan: ImportPlan) {
  const first = plan.problems[0]!;
  const message = plan.problems.length === 1 ? first.message : `${plan.problems.length} records cannot be imported. First: ${first.message}`;
  return new HttpError(400, errorCodes.validation, message, plan.problems);
}

/**
 * Everything an import decides, for the import and its dry run alike: the plan (refused whole when a record cannot
 * be imported) and every command its one append carries, the new endpoints' slots among them. The import hands the
 * commands to `handleCommand`; the dry run decides the same commands the same way and appends nothing.
 */
export async function decideImport(deps: AppDeps, document: SettingsDocument, input: ImportInput): Promise<ImportDecision> {
  const urlProblem = (url: string) => privateUrlProblem(deps, url);
  const plan = await planImport(document, { ...input, urlProblem });
  if (plan.problems.length > 0) throw refused(plan);
  const newEndpoints = plan.newWebhooks.map((w) => w.id);
  const slots = newEndpoints.length > 0 ? [await takeSlots(deps, input.load, newEndpoints)] : [];
  return { plan, commands: [...plan.commands, ...slots] };
}

/**
 * The rule an import meets beside its streams' deciders: the workspace keeps an active admin. The import checks it
 * in its transaction after the append, the dry run on the log as it stands; both count the plan's members as changed.
 */
export async function requireAnAdminAfterImport(db: Transaction<unknown> | Kysely<unknown>, plan: ImportPlan): Promise<void> {
  if (plan.changedUsers.length > 0) await requireAnAdmin(db, [...plan.changedUsers, ...plan.newUsers]);
}

/**
 * A dry run refuses what the import would refuse, with the same answer: each command decided as the append would
 * decide it (a full set of endpoint slots, an email taken meanwhile), then the last-admin rule.
 */
export async function dryRunImport(deps: AppDeps, document: SettingsDocument, input: ImportInput): Promise<ImportPlan> {
  const { plan, commands } = await decideImport(deps, document, input);
  await decideStreams(commands, input.load, { actor: input.actor, now: input.now });
  await requireAnAdminAfterImport(deps.db as unknown as Kysely<unknown>, plan);
  return plan;
}
