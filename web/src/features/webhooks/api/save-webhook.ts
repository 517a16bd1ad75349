import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createdWebhookEndpoint, rotatedWebhookSecret, webhookEndpoint, type CreateWebhookBody, type UpdateWebhookBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./webhook-keys";

const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

const useWebhookMutation = <A, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
};

export const useCreateWebhook = () =>
  useWebhookMutation(async (body: CreateWebhookBody) => createdWebhookEndpoint.parse(await api.post<unknown>("/api/webhooks", body)));

/** `version`: the endpoint's version the change was made on; a change over a newer one is refused (412). */
export const useUpdateWebhook = () =>
  useWebhookMutation(async ({ id, changes, version }: { id: string; changes: UpdateWebhookBody; version?: number | undefined }) =>
    webhookEndpoint.parse(await api.patch<unknown>(path(id), changes, version)),
  );

export const useDeleteWebhook = () => useWebhookMutation((id: string) => api.delete(path(id)));

export const useRotateSecret = () => useWebhookMutation(async (id: string) => rotatedWebhookSecret.parse(await api.post<unknown>(`${path(id)}/rotate-secret`)));

export const useSendTestEvent = () => useWebhookMutation((id: string) => api.post<unknown>(`${path(id)}/test`));

export const useReplayDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<unknown>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`),
  );
