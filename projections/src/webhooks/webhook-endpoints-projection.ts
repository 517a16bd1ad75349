import { cacheKeys, type StoredEvent } from "@procure/contracts";
import { oneAtATime, type Projection } from "../projection.ts";
import { readersOf } from "../audiences.ts";
import "./tables.ts";

type EndpointEvent = StoredEvent<
  "WebhookEndpointCreated" | "WebhookEndpointUpdated" | "WebhookEndpointDisabled" | "WebhookEndpointDeleted" | "WebhookSecretRotated"
>;

const touched = [{ keys: [cacheKeys.webhooks()], audience: readersOf("webhooks") }];

/** The endpoint list and detail the automation screen reads. Secrets are not here: they are never in the log. */
export const webhookEndpointsProjection: Projection = {
  name: "webhook-endpoints",
  version: 1,
  tables: ["rm_webhook_endpoints"],
  handles: ["WebhookEndpointCreated", "WebhookEndpointUpdated", "WebhookEndpointDisabled", "WebhookEndpointDeleted", "WebhookSecretRotated"],
  apply: oneAtATime(async (db, stored) => {
    const event = stored as EndpointEvent;
    const id = event.data.endpoint_id;
    const at = event.recorded_at;
    const version = event.stream_version;
    const current = await db.selectFrom("rm_webhook_endpoints").select(["version"]).where("id", "=", id).executeTakeFirst();
    if (current && current.version >= version) return;
    switch (event.type) {
      case "WebhookEndpointCreated":
      case "WebhookEndpointUpdated": {
        const d = event.data;
        const row = { url: d.url, description: d.description, event_types: JSON.stringify(d.event_types), enabled: d.enabled, version, updated_at: at };
        await db
          .insertInto("rm_webhook_endpoints")
          .values({ id, ...row, disabled_reason: d.enabled ? null : "Disabled by an admin.", deleted: false, created_at: at })
          .onConflict((oc) => oc.column("id").doUpdateSet({ ...row, disabled_reason: d.enabled ? null : "Disabled by an admin." }))
          .execute();
        break;
      }
      case "WebhookEndpointDisabled":
        await db
          .updateTable("rm_webhook_endpoints")
          .set({ enabled: false, disabled_reason: event.data.reason, version, updated_at: at })
          .where("id", "=", id)
          .execute();
        break;
      case "WebhookEndpointDeleted":
        await db.updateTable("rm_webhook_endpoints").set({ deleted: true, enabled: false, version, updated_at: at }).where("id", "=", id).execute();
        break;
      case "WebhookSecretRotated":
        await db.updateTable("rm_webhook_endpoints").set({ version, updated_at: at }).where("id", "=", id).execute();
        break;
    }
    return touched;
  }),
};
