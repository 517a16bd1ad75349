import type { Kysely } from "kysely";
import type { WebhookEndpoint } from "@procure/contracts";
import type { Database } from "../tables.ts";
import "./tables.ts";

const columns = ["id", "url", "description", "event_types", "enabled", "disabled_reason", "version", "created_at", "updated_at"] as const;

export async function listWebhookEndpoints(db: Kysely<Database>): Promise<WebhookEndpoint[]> {
  return db.selectFrom("rm_webhook_endpoints").select(columns).where("deleted", "=", false).orderBy("created_at").orderBy("id").execute();
}

export async function getWebhookEndpoint(db: Kysely<Database>, id: string): Promise<WebhookEndpoint | null> {
  return (await db.selectFrom("rm_webhook_endpoints").select(columns).where("id", "=", id).where("deleted", "=", false).executeTakeFirst()) ?? null;
}
