import type { Kysely } from "kysely";
import type { Audience, EventType, QueryKey, StoredEvent } from "@procure/contracts";
import type { Database } from "./tables.ts";

/** What a projection changed, so the live hub can tell the clients that may see it. */
export type Touch = { keys: QueryKey[]; audience: Audience };

export type Projection = {
  name: string;
  /** Bump when `apply` or the tables change: the runner rebuilds the projection from the log on start. */
  version: number;
  /** Tables this projection writes; a rebuild empties them, unless `reset` says how to clear just its rows. */
  tables: readonly (keyof Database & string)[];
  /** For a table shared with other projections: removes only this projection's rows before a rebuild. */
  reset?: (db: Kysely<Database>) => Promise<void>;
  handles: readonly EventType[];
  apply(db: Kysely<Database>, event: StoredEvent): Promise<Touch[] | void>;
};

export const staffRoles = ["approver", "buyer", "finance", "admin"] as const;

/** Roles that see every request; a requester sees only their own. */
export function requestAudience(requesterId: string): Audience {
  return { roles: [...staffRoles], userIds: [requesterId] };
}
