import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateInvoiced } from "./record-invoice";

export async function rejectInvoice({ id, reason }: { id: string; reason: string }): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>(`/api/invoices/${encodeURIComponent(id)}/reject`, { reason }));
}

export function useRejectInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectInvoice, onSuccess: () => invalidateInvoiced(queryClient) });
}
