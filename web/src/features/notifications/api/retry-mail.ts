import { useMutation, useQueryClient } from "@tanstack/react-query";
import { outboxMail, type OutboxMail } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { outboxKey } from "./get-outbox";

export async function retryMail(id: string): Promise<OutboxMail> {
  return outboxMail.parse(await api.post<unknown>(`/api/notifications/outbox/${encodeURIComponent(id)}/retry`));
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryMail, onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxKey() }) });
}
