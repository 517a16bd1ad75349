import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { webhookEndpoint } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./webhook-keys";

export const getWebhooks = async (signal?: AbortSignal) => z.array(webhookEndpoint).parse(await api.get<unknown>("/api/webhooks", signal));

export const getWebhooksQueryOptions = () => queryOptions({ queryKey: webhookKeys.all, queryFn: ({ signal }) => getWebhooks(signal) });

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());
