import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Database } from "@procure/projections";
import { addDays, demoPassword, sampleAccounts, type AuthResponse, type PurchaseRequest } from "@procure/contracts";
import { InjectClient } from "./api-client.ts";
import { demoRequests } from "./demo-requests.ts";
import { seedCatalogue } from "./demo-catalogue.ts";
import { seedOrders, seedVendors } from "./demo-purchasing.ts";
import { seedInvoices } from "./demo-invoices.ts";
import { budgetedCategories, seedBudgets } from "./demo-budgets.ts";

export type DemoTokens = Record<"requester" | "approver" | "admin" | "buyer" | "finance", string>;

/**
 * Fills an empty workspace with the advertised sample accounts and a believable history, all through the API's
 * commands so it is in the log like any other activity. Returns what to print, or null when there was data already.
 */
export async function seedDemoWorkspace(app: FastifyInstance, db: Kysely<Database>): Promise<string | null> {
  if (!(await workspaceIsEmpty(db))) return null;
  // Hundreds of seeding calls would bury the start-up message in request logs.
  const level = app.log.level;
  app.log.level = "warn";
  try {
    const client = new InjectClient(app);
    const admin = sampleAccounts.find((a) => a.role === "admin")!;
    const signup = await client.call<AuthResponse>("POST", "/api/auth/signup", { email: admin.email, password: demoPassword, role: "admin" });
    const asAdmin = client.as(signup.token);
    const tokens: Partial<DemoTokens> = { admin: signup.token };
    for (const account of sampleAccounts) {
      if (account.role === "admin") continue;
      await asAdmin.call("POST", "/api/users", { email: account.email, role: account.role, password: demoPassword });
      const login = await client.call<AuthResponse>("POST", "/api/auth/login", { email: account.email, password: demoPassword });
      tokens[account.role as keyof DemoTokens] = login.token;
    }
    const all = tokens as DemoTokens;
    // Vendors first, as the catalogue's suppliers; categories and approval rules before requests, which take their
    // category names and approval routes from them.
    const vendors = await seedVendors(client, all);
    const categories = await seedCatalogue(client, all);
    await seedRequests(client, all, { categories, vendors });
    const orders = await seedOrders(client, all, vendors);
    await seedInvoices(client, all, orders, budgetedCategories(categories));
    await seedBudgets(client, all, categories);
    return [
      "Demo workspace ready. Sign in with any sample account:",
      ...sampleAccounts.map((a) => `  ${a.label.padEnd(10)} ${a.email}`),
      `  password   ${demoPassword}`,
    ].join("\n");
  } finally {
    app.log.level = level;
  }
}

/** Nothing was ever done in it: the log holds no event. */
export async function workspaceIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from events) as any`.execute(db);
  return !rows[0]?.any;
}

async function seedRequests(client: InjectClient, tokens: DemoTokens, refs: { categories: string[]; vendors: string[] }) {
  const requester = client.as(tokens.requester);
  const buyer = client.as(tokens.buyer);
  const approver = client.as(tokens.approver);
  const finance = client.as(tokens.finance);
  for (const [i, item] of demoRequests.entries()) {
    const author = i % 4 === 3 ? buyer : requester;
    const created = await author.call<PurchaseRequest>("POST", "/api/requests", {
      title: item.title,
      amount: item.amount,
      category_id: refs.categories.length ? refs.categories[i % refs.categories.length] : null,
      vendor_id: refs.vendors.length && i % 3 !== 0 ? refs.vendors[i % refs.vendors.length] : null,
      priority: item.priority,
      needed_by: item.neededInDays === undefined ? undefined : addDays(new Date().toISOString().slice(0, 10), item.neededInDays),
    });
    if (item.comment) await author.call("POST", `/api/requests/${created.id}/comments`, { body: item.comment });
    if (item.outcome === "pending") continue;
    const decider = created.current_stage_role === "finance" ? finance : approver;
    const path = `/api/requests/${created.id}/${item.outcome === "approved" ? "approve" : "deny"}`;
    // A denial always tells the requester why.
    const body = item.outcome === "denied" ? { comment: "Not in this quarter's budget." } : {};
    await decider.call("POST", path, body).catch(async () => {
      await client.as(tokens.admin).call("POST", path, body);
    });
  }
}
