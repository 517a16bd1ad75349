import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateInvoiced } from "./record-invoice";

export async function approveInvoice({ id, comment }: { id: string; comment: string }): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>(`/api/invoices/${encodeURIComponent(id)}/approve`, { comment }));
}

export function useApproveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveInvoice, onSuccess: () => invalidateInvoiced(queryClient) });
}
