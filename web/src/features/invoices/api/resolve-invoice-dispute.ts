import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateInvoiced } from "./record-invoice";

export async function resolveInvoiceDispute(id: string): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>(`/api/invoices/${encodeURIComponent(id)}/resolve`, {}));
}

export function useResolveInvoiceDispute() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveInvoiceDispute, onSuccess: () => invalidateInvoiced(queryClient) });
}
