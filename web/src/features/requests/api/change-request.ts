import { useMutation, useQueryClient } from "@tanstack/react-query";
import { purchaseRequest, type RequestLineBody, type RequestPriority } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type RequestChanges = {
  title: string;
  /** Lines win; only an amount is one line of it. */
  amount?: number;
  lines?: RequestLineBody[];
  category_id: string | null;
  vendor_id: string | null;
  description: string;
  priority: RequestPriority;
  needed_by: string | null;
};

/** What a requester does to their own request: edit it while it waits, withdraw it, resubmit it once denied or withdrawn. */
export type RequestChange = { id: string } & (
  { kind: "edit"; changes: RequestChanges } | { kind: "resubmit"; changes: RequestChanges } | { kind: "withdraw"; reason: string }
);

export async function changeRequest(change: RequestChange) {
  const path = `/api/requests/${encodeURIComponent(change.id)}`;
  if (change.kind === "withdraw") return purchaseRequest.parse(await api.post<unknown>(`${path}/withdraw`, change.reason ? { reason: change.reason } : {}));
  const body = { ...change.changes, title: change.changes.title.trim(), description: change.changes.description.trim() || undefined };
  return purchaseRequest.parse(change.kind === "edit" ? await api.put<unknown>(path, body) : await api.post<unknown>(`${path}/resubmit`, body));
}

export function useChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRequest,
    onSuccess: (updated, { id }) => {
      queryClient.setQueryData(queryKeys.requests.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
