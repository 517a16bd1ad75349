import { rolesThatCan, type Audience, type Permission } from "@procure/contracts";

/**
 * The permission the read routes of each read model check, by the first part of the query keys they answer under.
 * Whoever may read a read model hears of its changes, and nobody else: its invalidations go to these roles.
 */
export const readPermissions = {
  users: "users:read",
  requests: "requests:read-all",
  orders: "orders:read",
  invoices: "invoices:read",
  vendors: "vendors:read",
  categories: "catalogue:read",
  catalogue: "catalogue:read",
  "approval-rules": "rules:read",
  "work-orders": "work-orders:manage",
  webhooks: "webhooks:manage",
  settings: "settings:manage",
  budgets: "budgets:read",
} as const satisfies Record<string, Permission>;

export type GuardedKey = keyof typeof readPermissions;

// Made once: a touch shares its audience rather than building one per event.
const readers = new Map<string, Audience>(Object.entries(readPermissions).map(([key, permission]) => [key, { roles: rolesThatCan(permission) }]));

/** Who hears of a change to the read model under query key `key`: the roles its read permission names. */
export const readersOf = (key: GuardedKey): Audience => readers.get(key)!;

const requestReaders = rolesThatCan(readPermissions.requests);

/** A request is read by the roles that read every request, and by the one who asked for it. */
export function requestAudience(requesterId: string): Audience {
  return { roles: requestReaders, userIds: [requesterId] };
}
