import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoice, type Invoice, type RecordInvoiceBody } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function recordInvoice(body: RecordInvoiceBody): Promise<Invoice> {
  return invoice.parse(await api.post<unknown>("/api/invoices", body));
}

/** An invoice changes the list and its order's invoiced quantities. */
export function invalidateInvoiced(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.invoices() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders() });
}

export function useRecordInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordInvoice, onSuccess: () => invalidateInvoiced(queryClient) });
}
