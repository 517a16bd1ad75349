import { describe, expect, it } from "vitest";
import { permissions, roles, type Permission } from "@procure/contracts";
import { readersOf, readPermissions, requestAudience, type GuardedKey } from "./audiences.ts";

/** The permission each read route checks (services/api/src/features), by the query key its answers are cached under. */
const readRoutes: Record<GuardedKey, { route: string; permission: Permission }> = {
  users: { route: "GET /api/users", permission: "users:read" },
  requests: { route: "GET /api/requests (every request)", permission: "requests:read-all" },
  orders: { route: "GET /api/orders", permission: "orders:read" },
  invoices: { route: "GET /api/invoices", permission: "invoices:read" },
  vendors: { route: "GET /api/vendors", permission: "vendors:read" },
  categories: { route: "GET /api/categories", permission: "catalogue:read" },
  catalogue: { route: "GET /api/catalogue", permission: "catalogue:read" },
  "approval-rules": { route: "GET /api/approval-rules", permission: "rules:read" },
  "work-orders": { route: "GET /api/work-orders", permission: "work-orders:manage" },
  webhooks: { route: "GET /api/webhooks", permission: "webhooks:manage" },
  settings: { route: "GET /api/settings/diligence", permission: "settings:manage" },
  budgets: { route: "GET /api/budgets", permission: "budgets:read" },
};

const holders = (permission: Permission) => roles.filter((role) => (permissions[permission] as readonly string[]).includes(role));

describe("invalidation audiences", () => {
  it("name, for each read model, the permission its read route checks", () => {
    expect(readPermissions).toEqual(Object.fromEntries(Object.entries(readRoutes).map(([key, { permission }]) => [key, permission])));
  });

  it("are the roles the permission matrix gives that permission, and no others", () => {
    for (const [key, { route, permission }] of Object.entries(readRoutes)) {
      expect(readersOf(key as GuardedKey), route).toEqual({ roles: holders(permission) });
    }
  });

  it("add a request's own requester to the roles that read every request", () => {
    expect(requestAudience("u-1")).toEqual({ roles: holders("requests:read-all"), userIds: ["u-1"] });
    expect(requestAudience("u-1").roles).not.toContain("requester");
  });
});
