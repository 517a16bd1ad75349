import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { invoiceFile } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getInvoiceFiles = async (id: string, signal?: AbortSignal) =>
  z.array(invoiceFile).parse(await api.get<unknown>(`/api/invoices/${encodeURIComponent(id)}/files`, signal));

export const getInvoiceFilesQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.invoiceFiles(id), queryFn: ({ signal }) => getInvoiceFiles(id, signal) });

export const useInvoiceFiles = (id: string) => useQuery(getInvoiceFilesQueryOptions(id));
