import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestFile } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const uploadFile = ({ id, file }: { id: string; file: File }) => api.upload<RequestFile>(`/api/requests/${encodeURIComponent(id)}/files`, file);

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: (_file, { id }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.files(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.audit(id) });
    },
  });
}
