import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RequestFile } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

export const getFiles = async (id: string, signal?: AbortSignal) =>
  asArray<RequestFile>(await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}/files`, signal));

export const getFilesQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.requests.files(id), queryFn: ({ signal }) => getFiles(id, signal) });

export const useFiles = (id: string) => useQuery(getFilesQueryOptions(id));
