import { createHash, randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { decideStreams, foldStream, on, webhookEndpointDecider, type LoadStream } from "@procure/domain";
import { decideAndAppend, IdempotentReplay, type EventStore } from "@procure/eventstore";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The dispatcher writes as the system: no actor, and keys of its own that no user's can collide with. */
const SYSTEM_SCOPE = "system:webhook-dispatcher";

/**
 * Stops deliveries to an endpoint at once (the dispatcher's own row) and records why on the endpoint's stream, so
 * admins see the reason and the read model and every dispatcher agree. It is decided and appended as every
 * command is (`decideAndAppend`); the key names the delivery that ended it, so two dispatchers acting on the same
 * failure append once.
 */
export async function disableEndpoint(db: AnyDb, store: EventStore, endpointId: string, reason: string, deliveryId: string): Promise<void> {
  await sql`update webhook_subscriptions set enabled = false where endpoint_id = ${endpointId}::uuid`.execute(db);
  const command = on(webhookEndpointDecider, endpointId, { type: "DisableWebhookEndpoint", reason });
  const load: LoadStream = async (decider, id) => foldStream(decider, await store.readStream(decider.streamId(id)));
  const key = `disable:${deliveryId}`;
  try {
    await decideAndAppend(store, (now) => decideStreams([command], load, { actor: null, now }), {
      metadata: { actor_id: null, actor_role: null, correlation_id: randomUUID(), idempotency_key: key },
      idempotency: { scope: SYSTEM_SCOPE, key, requestHash: createHash("sha256").update(`${endpointId} ${reason}`).digest("hex") },
      retriesOnConflict: 5,
    });
  } catch (error) {
    // Another dispatcher recorded this very failure.
    if (!(error instanceof IdempotentReplay)) throw error;
  }
}
