import { useMutation, useQueryClient } from "@tanstack/react-query";
import { settingsImportResult, type SettingsImportResult } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { downloadFile } from "@/lib/download-file";

export const exportSettings = () => downloadFile("/api/settings/export", `procure-settings-${new Date().toISOString().slice(0, 10)}.json`);

/** A dry run answers what the import would do and changes nothing; without it the changes are applied, all or none. */
export async function importSettings(document: unknown, dryRun: boolean): Promise<SettingsImportResult> {
  return settingsImportResult.parse(await api.post<unknown>(`/api/settings/import${dryRun ? "?dry_run=true" : ""}`, document));
}

export function useImportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, dryRun }: { document: unknown; dryRun: boolean }) => importSettings(document, dryRun),
    // An import may touch members, rules, categories, endpoints and diligence at once: everything is read again.
    onSuccess: (result) => {
      if (!result.dry_run) void queryClient.invalidateQueries();
    },
  });
}
