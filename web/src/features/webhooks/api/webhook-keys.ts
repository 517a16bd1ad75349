import { cacheKeys } from "@procure/contracts/query-keys";

/** Built on the key the endpoints read model names in its invalidations, so the list refreshes live. */
export const webhookKeys = {
  all: cacheKeys.webhooks(),
  deliveries: (id: string) => [...cacheKeys.webhooks(), id, "deliveries"],
  eventTypes: ["events", "types"] as const,
};
