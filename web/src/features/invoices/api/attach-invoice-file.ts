import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invoiceFile } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const attachInvoiceFile = async ({ id, file }: { id: string; file: File }) =>
  invoiceFile.parse(await api.upload<unknown>(`/api/invoices/${encodeURIComponent(id)}/files`, file));

export function useAttachInvoiceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachInvoiceFile,
    onSuccess: (_file, { id }) => void queryClient.invalidateQueries({ queryKey: queryKeys.invoiceFiles(id) }),
  });
}
