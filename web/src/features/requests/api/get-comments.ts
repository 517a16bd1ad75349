import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Comment } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

export const getComments = async (id: string, signal?: AbortSignal) =>
  asArray<Comment>(await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}/comments`, signal));

export const getCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.requests.comments(id), queryFn: ({ signal }) => getComments(id, signal) });

export const useComments = (id: string) => useQuery(getCommentsQueryOptions(id));
