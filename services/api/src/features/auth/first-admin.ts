import { sql } from "kysely";
import type { Role, StreamType } from "@procure/contracts";
import { firstAdminStreamId } from "@procure/domain";
import type { StreamAppend } from "@procure/eventstore";
import type { AppDeps } from "../../deps.ts";

/**
 * Whether anyone holds the admin role, read from the log so a lagging read model cannot grant a second. The claim
 * stream answers for workspaces made since it exists; older ones are recognised by an admin registration.
 */
async function workspaceHasAdmin(deps: AppDeps): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from events where stream_id = ${firstAdminStreamId})
    or exists (select 1 from events where type = 'UserRegistered' and data->>'role' = 'admin') as found`.execute(deps.db);
  return Boolean(rows[0]?.found);
}

/**
 * The role a sign-up gets: any role while the workspace has no admin (or when signup is open), else requester.
 * The first admin also claims the workspace's admin stream at version 0 in the same append, so of many racing
 * first-admin sign-ups one commits and the others conflict, re-decide, and become requesters.
 */
export async function signupRole(deps: AppDeps, asked: Role, userId: string): Promise<{ role: Role; claim: StreamAppend[] }> {
  if (asked === "requester" || deps.env.OPEN_SIGNUP) return { role: asked, claim: [] };
  if (await workspaceHasAdmin(deps)) return { role: "requester", claim: [] };
  if (asked !== "admin") return { role: asked, claim: [] };
  const streamType: StreamType = "workspace";
  return {
    role: "admin",
    claim: [{ streamType, streamId: firstAdminStreamId, expectedVersion: 0, events: [{ type: "FirstAdminClaimed", data: { user_id: userId } }] }],
  };
}

/** Whether an email is already registered, from the log (its reservation stream) rather than a read model. */
export async function emailTaken(deps: AppDeps, emailStream: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from events where stream_id = ${emailStream}) as found`.execute(deps.db);
  return Boolean(rows[0]?.found);
}
