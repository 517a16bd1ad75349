import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { controlsSettings, type ControlsSettings } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const path = "/api/settings/controls";

export const useControlsSettings = () =>
  useQuery({ queryKey: queryKeys.controlsSettings(), queryFn: async ({ signal }) => controlsSettings.parse(await api.get<unknown>(path, signal)) });

/** Saves the separation of duties; every request and invoice read again says anew who may act on it. */
export function useUpdateControlsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ControlsSettings) => controlsSettings.parse(await api.patch<unknown>(path, settings)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.controlsSettings(), saved);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "settings" });
    },
  });
}
