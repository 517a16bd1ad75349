import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { matchingSettings, type MatchingSettings } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const path = "/api/settings/matching";

export const useMatchingSettings = () =>
  useQuery({ queryKey: queryKeys.matchingSettings(), queryFn: async ({ signal }) => matchingSettings.parse(await api.get<unknown>(path, signal)) });

/** Saves the tolerance; invoices recorded from now on are matched with it, those recorded before keep theirs. */
export function useUpdateMatchingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: MatchingSettings) => matchingSettings.parse(await api.patch<unknown>(path, settings)),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.matchingSettings(), saved),
  });
}
