import { useMutation, useQueryClient } from "@tanstack/react-query";
import { purchaseOrder, type PurchaseOrder, type SaveOrderBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `version`: the order's version the form was filled from; a save over a newer one is refused (412). */
export type SaveOrderInput = { id: string | null; body: SaveOrderBody; version?: number | undefined };

/** A new order is a POST; an edit replaces the whole order with PUT, as the drawer always sends every field. */
export async function saveOrder({ id, body, version }: SaveOrderInput): Promise<PurchaseOrder> {
  const saved = id ? await api.put<unknown>(`/api/orders/${encodeURIComponent(id)}`, body, version) : await api.post<unknown>("/api/orders", body);
  return purchaseOrder.parse(saved);
}

export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      // Linking an order gives its request a PO number.
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
    },
  });
}
