import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateInvoiced } from "./record-invoice";

export async function disputeInvoice({ id, reason }: { id: string; reason: string }): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>(`/api/invoices/${encodeURIComponent(id)}/dispute`, { reason }));
}

export function useDisputeInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disputeInvoice, onSuccess: () => invalidateInvoiced(queryClient) });
}
