import type { Kysely } from "kysely";
import { integrationStates, type IntegrationState } from "@procure/contracts";
import type { Database } from "../tables.ts";
import "../webhooks/tables.ts";

/**
 * What the workspace records of each integration, judged by the one definition in the contracts: PunchOut's
 * connections from the catalogue, webhook endpoints that receive events, and nothing yet for the other connectors.
 */
export async function readIntegrations(db: Kysely<Database>): Promise<IntegrationState[]> {
  const punchout = await db.selectFrom("rm_dash_connectors").select("status").where("kind", "=", "punchout").execute();
  const endpoints = await db
    .selectFrom("rm_webhook_endpoints")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("enabled", "=", true)
    .where("deleted", "=", false)
    .executeTakeFirstOrThrow();
  return integrationStates({ punchout: punchout.map((c) => c.status), activeWebhookEndpoints: Number(endpoints.n) });
}
