import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateInvoiced } from "./record-invoice";

export async function payInvoice(id: string): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>(`/api/invoices/${encodeURIComponent(id)}/pay`, {}));
}

export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payInvoice, onSuccess: () => invalidateInvoiced(queryClient) });
}
