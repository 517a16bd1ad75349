import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { webhookDelivery } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./webhook-keys";

export const getDeliveries = async (id: string, signal?: AbortSignal) =>
  z.array(webhookDelivery).parse(await api.get<unknown>(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=50`, signal));

/** Deliveries are not a read model the server announces, so an open log polls while retries may be pending. */
export const getDeliveriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookKeys.deliveries(id), queryFn: ({ signal }) => getDeliveries(id, signal), refetchInterval: 5_000 });

export const useDeliveries = (id: string) => useQuery(getDeliveriesQueryOptions(id));
