import { useMutation, useQueryClient } from "@tanstack/react-query";
import { purchaseRequest, type RequestLineBody, type PurchaseRequest, type RequestPriority } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type NewRequestInput = {
  title: string;
  /** Lines win; only an amount is one line of it. */
  amount?: number;
  lines?: RequestLineBody[];
  category_id: string | null;
  vendor_id: string | null;
  description: string;
  priority: RequestPriority;
  needed_by: string | null;
  file: File | null;
};

export type CreateRequestResult = { request: PurchaseRequest; fileError: unknown };

/** The file goes up after the request exists; a failed upload doesn't undo the request. */
export async function createRequest(input: NewRequestInput): Promise<CreateRequestResult> {
  const description = input.description.trim();
  const created = await api.post<unknown>("/api/requests", {
    title: input.title.trim(),
    ...(input.lines ? { lines: input.lines } : { amount: input.amount }),
    category_id: input.category_id,
    vendor_id: input.vendor_id,
    priority: input.priority,
    needed_by: input.needed_by,
    ...(description ? { description } : {}),
  });
  const request = purchaseRequest.parse(created);
  let fileError: unknown = null;
  if (input.file) {
    try {
      await api.upload(`/api/requests/${encodeURIComponent(request.id)}/files`, input.file);
    } catch (error) {
      fileError = error;
    }
  }
  return { request, fileError };
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
