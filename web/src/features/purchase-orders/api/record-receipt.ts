import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderReceipt, type OrderReceipt, type ReceiptBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type RecordReceiptInput = { orderId: string; body: ReceiptBody };

export async function recordReceipt({ orderId, body }: RecordReceiptInput): Promise<OrderReceipt> {
  return orderReceipt.parse(await api.post<unknown>(`/api/orders/${encodeURIComponent(orderId)}/receipts`, body));
}

export function useRecordReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordReceipt,
    onSuccess: () => {
      // The order's status and open quantities, the list's badges and the figures of goods awaiting receipt.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
    },
  });
}
