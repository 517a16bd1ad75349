import { useMutation, useQueryClient } from "@tanstack/react-query";
import { overviewFeed, type OverviewFeed } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { invalidateCatalogue } from "../lib/invalidate-catalogue";

/** Accepts the changes a feed import staged, clearing its pending count and finance flag. */
export async function reviewFeed(id: string): Promise<OverviewFeed> {
  return overviewFeed.parse(await api.post<unknown>(`/api/catalogue/feeds/${encodeURIComponent(id)}/review`));
}

export function useReviewFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewFeed, onSuccess: () => invalidateCatalogue(queryClient) });
}
