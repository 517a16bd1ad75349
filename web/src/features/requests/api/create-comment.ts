import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const createComment = ({ id, body }: { id: string; body: string }) =>
  api.post<Comment>(`/api/requests/${encodeURIComponent(id)}/comments`, { body: body.trim() });

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
