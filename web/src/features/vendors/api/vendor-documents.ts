import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { vendorDocument, type VendorDocument, type VendorDocumentKind } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const documentsPath = (vendorId: string) => `/api/vendors/${encodeURIComponent(vendorId)}/documents`;

export const useVendorDocuments = (vendorId: string) =>
  useQuery({
    queryKey: queryKeys.vendorDocuments(vendorId),
    queryFn: async ({ signal }) => z.array(vendorDocument).parse(await api.get(documentsPath(vendorId), signal)),
  });

export type NewVendorDocument = { vendorId: string; kind: VendorDocumentKind; expiresOn: string; file: File };

/** Uploads one document; the vendor's diligence, on its card and in the list, follows. */
export function useAddVendorDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ vendorId, kind, expiresOn, file }: NewVendorDocument) =>
      vendorDocument.parse(await api.upload<VendorDocument>(documentsPath(vendorId), file, { kind, expires_on: expiresOn })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() }),
  });
}

export function useRemoveVendorDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, documentId }: { vendorId: string; documentId: string }) =>
      api.delete(`${documentsPath(vendorId)}/${encodeURIComponent(documentId)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() }),
  });
}
