import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { webhookEndpointDecider } from "@procure/domain";
import { ConcurrencyConflictError, type EventStore } from "@procure/eventstore";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Stops deliveries to an endpoint at once (the dispatcher's own row) and records why on the endpoint's stream, so
 * admins see the reason and the read model and every dispatcher agree. The endpoint's decider rules, as it does
 * for an admin's commands; the dispatcher acts as the system, with no actor.
 */
export async function disableEndpoint(db: AnyDb, store: EventStore, endpointId: string, reason: string): Promise<void> {
  await sql`update webhook_subscriptions set enabled = false where endpoint_id = ${endpointId}::uuid`.execute(db);
  const decider = webhookEndpointDecider;
  for (let attempt = 0; attempt < 5; attempt++) {
    const stream = await store.readStream(decider.streamId(endpointId));
    const now = new Date().toISOString();
    const state = stream.reduce(decider.evolve, decider.initialState);
    const events = decider.decide(state, { type: "DisableWebhookEndpoint", reason }, { actor: null, now, id: endpointId });
    if (events.length === 0) return;
    try {
      const append = { streamType: decider.streamType, streamId: decider.streamId(endpointId), expectedVersion: stream.at(-1)!.stream_version, events };
      await store.append([append], { metadata: { actor_id: null, actor_role: null, correlation_id: randomUUID() }, recordedAt: now });
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError)) throw error;
    }
  }
}
