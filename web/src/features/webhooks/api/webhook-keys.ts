/** ["webhooks"] is the key the endpoints read model names in its invalidations, so the list refreshes live. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  deliveries: (id: string) => ["webhooks", id, "deliveries"] as const,
  eventTypes: ["events", "types"] as const,
};
