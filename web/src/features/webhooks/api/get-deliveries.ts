import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { webhookDelivery, type WebhookDelivery } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./webhook-keys";

export const getDeliveries = async (id: string, signal?: AbortSignal) =>
  z.array(webhookDelivery).parse(await api.get<unknown>(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=50`, signal));

const SOON_MS = 10_000;

/** Read again within a second while an attempt is due soon, so a test event's answer shows as it lands. */
export const deliveriesRefreshMs = (deliveries: readonly WebhookDelivery[] | undefined, now = Date.now()) =>
  deliveries?.some((d) => d.status === "pending" && d.next_attempt_at !== null && Date.parse(d.next_attempt_at) - now < SOON_MS) ? 1_000 : 5_000;

/** Deliveries are not a read model the server announces, so an open log polls while retries may be pending. */
export const getDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => getDeliveries(id, signal),
    refetchInterval: (query) => deliveriesRefreshMs(query.state.data),
  });

export const useDeliveries = (id: string) => useQuery(getDeliveriesQueryOptions(id));
