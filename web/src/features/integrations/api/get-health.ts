import { queryOptions, useQuery } from "@tanstack/react-query";
import { position } from "@procure/contracts";
import { z } from "zod";
import { ApiError, api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Nothing pushes health changes, so the panel asks again on this beat while it is on screen. */
export const HEALTH_REFRESH_MS = 15_000;

const check = z.object({ ok: z.boolean(), error: z.string().nullable().optional() });

/** GET /api/health: each dependency's state and how far the relay and the read models trail the event log. */
export const healthReport = z.object({
  status: z.enum(["ok", "degraded"]),
  postgres: check.optional(),
  nats: check.extend({ kind: z.string().optional() }).optional(),
  projections: check.extend({ lag: z.object({ head: position, projected: position, behind: z.number() }).nullable().optional() }).optional(),
  relay: check.extend({ behind: z.number().nullable().optional() }).optional(),
});
export type HealthReport = z.infer<typeof healthReport>;

/** A degraded product answers 503 with the same report, which is exactly what the panel needs to show. */
export async function getHealth(signal?: AbortSignal): Promise<HealthReport> {
  try {
    return healthReport.parse(await api.get<unknown>("/api/health", signal));
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      const parsed = healthReport.safeParse(safeJson(error.body));
      if (parsed.success) return parsed.data;
    }
    throw error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const getHealthQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.health(),
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
    retry: 1,
  });

export const useHealth = () => useQuery(getHealthQueryOptions());
