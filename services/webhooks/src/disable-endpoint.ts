import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { webhookStreamId } from "@procure/contracts";
import { ConcurrencyConflictError, type EventStore } from "@procure/eventstore";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Stops deliveries to an endpoint at once (the dispatcher's own row) and records why on the endpoint's stream, so
 * admins see the reason and the read model and every dispatcher agree.
 */
export async function disableEndpoint(db: AnyDb, store: EventStore, endpointId: string, reason: string): Promise<void> {
  await sql`update webhook_subscriptions set enabled = false where endpoint_id = ${endpointId}::uuid`.execute(db);
  for (let attempt = 0; attempt < 5; attempt++) {
    const stream = await store.readStream(webhookStreamId(endpointId));
    const last = stream.at(-1);
    if (!last || !enabledAfter(stream)) return;
    try {
      await store.append(
        [
          {
            streamType: "webhook",
            streamId: webhookStreamId(endpointId),
            expectedVersion: last.stream_version,
            events: [{ type: "WebhookEndpointDisabled", data: { endpoint_id: endpointId, reason } }],
          },
        ],
        { metadata: { actor_id: null, actor_role: null, correlation_id: randomUUID() }, recordedAt: new Date().toISOString() },
      );
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError)) throw error;
    }
  }
}

function enabledAfter(stream: Awaited<ReturnType<EventStore["readStream"]>>): boolean {
  let enabled = false;
  for (const event of stream) {
    if (event.type === "WebhookEndpointCreated" || event.type === "WebhookEndpointUpdated") enabled = event.data.enabled;
    else if (event.type === "WebhookEndpointDisabled" || event.type === "WebhookEndpointDeleted") enabled = false;
  }
  return enabled;
}
