import { z } from "zod";

export const roles = ["requester", "approver", "buyer", "finance", "admin"] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** An unknown or missing role is treated like requester (spec section 6). */
export function normalizeRole(value: unknown): Role {
  return roles.includes(value as Role) ? (value as Role) : "requester";
}

export const sections = [
  "dashboard",
  "purchase-orders",
  "invoices",
  "catalogue",
  "requests",
  "approvals",
  "vendors",
  "budgets",
  "integrations",
  "settings",
] as const;
export type Section = (typeof sections)[number];

export const visibleSections: Record<Role, readonly Section[]> = {
  admin: ["dashboard", "purchase-orders", "invoices", "catalogue", "requests", "approvals", "vendors", "budgets", "integrations", "settings"],
  approver: ["dashboard", "approvals", "requests"],
  buyer: ["dashboard", "purchase-orders", "catalogue", "requests", "vendors"],
  finance: ["dashboard", "purchase-orders", "invoices", "approvals", "budgets", "integrations"],
  requester: ["dashboard", "catalogue", "requests"],
};

export function canSee(r: Role, section: Section): boolean {
  return visibleSections[r].includes(section);
}

/**
 * What each role may do on the server. Navigation visibility (above) is derived from the same
 * idea but actions are finer: a requester sees requests but only their own.
 */
export const permissions = {
  "requests:read-all": ["approver", "buyer", "finance", "admin"],
  "requests:create": ["requester", "approver", "buyer", "finance", "admin"],
  "requests:decide": ["approver", "finance", "admin"],
  "orders:read": ["buyer", "finance", "admin"],
  "orders:write": ["buyer", "finance", "admin"],
  "orders:receive": ["buyer", "finance", "admin"],
  "invoices:read": ["finance", "admin"],
  "invoices:write": ["finance", "admin"],
  "vendors:read": ["requester", "approver", "buyer", "finance", "admin"],
  "vendors:write": ["buyer", "admin"],
  "vendor-documents:read": ["buyer", "finance", "admin"],
  "vendor-documents:write": ["buyer", "finance", "admin"],
  "budgets:read": ["finance", "admin"],
  "budgets:write": ["finance", "admin"],
  "settings:manage": ["admin"],
  "catalogue:read": ["requester", "approver", "buyer", "finance", "admin"],
  "catalogue:write": ["buyer", "admin"],
  "users:read": ["admin"],
  "users:write": ["admin"],
  "rules:read": ["admin"],
  "rules:write": ["admin"],
  "work-orders:manage": ["buyer", "admin"],
  "audit:verify": ["finance", "admin"],
  "webhooks:manage": ["admin"],
  "events:read": ["finance", "admin"],
  "notifications:manage": ["admin"],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof permissions;

export function can(r: Role, permission: Permission): boolean {
  return (permissions[permission] as readonly Role[]).includes(r);
}

/** Every role that holds `permission`, in the order of `roles`. */
export function rolesThatCan(permission: Permission): Role[] {
  return roles.filter((r) => can(r, permission));
}

/** Requesters see their own requests; roles that read every request see them all. */
export function maySeeRequest(actor: { id: string; role: Role }, requesterId: string): boolean {
  return can(actor.role, "requests:read-all") || requesterId === actor.id;
}
