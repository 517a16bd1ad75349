import { sql } from "kysely";
import type { Role } from "@procure/contracts";
import { firstAdminDecider, firstAdminStreamId } from "@procure/domain";
import type { AppDeps } from "../../deps.ts";
import { on, type LoadStream, type StreamCommand } from "../../commands/handle-command.ts";

/**
 * Whether anyone holds the admin role, read from the log so a lagging read model cannot grant a second. The claim
 * stream answers for workspaces made since it exists (read as the command decides on it, so a claim that lands
 * after this read is a version conflict, not a refusal); older ones are recognised by an admin registration.
 */
async function workspaceHasAdmin(deps: AppDeps, load: LoadStream): Promise<boolean> {
  if ((await load(firstAdminDecider, firstAdminStreamId)).state.taken) return true;
  const { rows } = await sql<{ found: boolean }>`select exists (
    select 1 from events where type = 'UserRegistered' and data->>'role' = 'admin') as found`.execute(deps.db);
  return Boolean(rows[0]?.found);
}

/**
 * The role a sign-up gets: any role while the workspace has no admin (or when signup is open), else requester.
 * The first admin also claims the workspace's admin stream at version 0 in the same append, so of many racing
 * first-admin sign-ups one commits and the others conflict, re-decide, and become requesters.
 */
export async function signupRole(deps: AppDeps, load: LoadStream, asked: Role, userId: string): Promise<{ role: Role; claim: StreamCommand[] }> {
  if (asked === "requester" || deps.env.OPEN_SIGNUP) return { role: asked, claim: [] };
  if (await workspaceHasAdmin(deps, load)) return { role: "requester", claim: [] };
  if (asked !== "admin") return { role: asked, claim: [] };
  return { role: "admin", claim: [on(firstAdminDecider, firstAdminStreamId, { type: "ClaimFirstAdmin", user_id: userId })] };
}
