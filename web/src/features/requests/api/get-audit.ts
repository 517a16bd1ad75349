import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditEntry } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { asArray } from "@/lib/as-array";
import { queryKeys } from "@/lib/query-keys";

export const getAudit = async (id: string, signal?: AbortSignal) =>
  asArray<AuditEntry>(await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}/audit`, signal));

export const getAuditQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.requests.audit(id), queryFn: ({ signal }) => getAudit(id, signal) });

export const useAudit = (id: string) => useQuery(getAuditQueryOptions(id));
