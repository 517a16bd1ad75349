import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice, type PayInvoiceBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateInvoiced } from "./record-invoice";

export async function payInvoice({ id, ...body }: PayInvoiceBody & { id: string }): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>(`/api/invoices/${encodeURIComponent(id)}/pay`, body));
}

export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payInvoice, onSuccess: () => invalidateInvoiced(queryClient) });
}
