import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const deleteOrder = (id: string) => api.delete(`/api/orders/${encodeURIComponent(id)}`);

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      // Deleting an order releases its request for a new one.
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
    },
  });
}
