import { useMutation, useQueryClient } from "@tanstack/react-query";
import { comment } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const createComment = async ({ id, body }: { id: string; body: string }) =>
  comment.parse(await api.post<unknown>(`/api/requests/${encodeURIComponent(id)}/comments`, { body: body.trim() }));

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (_comment, { id }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.comments(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.audit(id) });
    },
  });
}
