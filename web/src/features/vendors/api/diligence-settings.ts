import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { diligenceSettings, type DiligenceSettings } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const path = "/api/settings/diligence";

export const useDiligenceSettings = () =>
  useQuery({ queryKey: queryKeys.diligenceSettings(), queryFn: async ({ signal }) => diligenceSettings.parse(await api.get<unknown>(path, signal)) });

/** Saves the rules; every vendor's diligence is judged again by them, so the vendor lists refresh too. */
export function useUpdateDiligenceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<DiligenceSettings>) => diligenceSettings.parse(await api.patch<unknown>(path, changes)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.diligenceSettings(), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.vendors() });
    },
  });
}
