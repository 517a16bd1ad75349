import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

/** What a catalogue write changes for this tab; other tabs hear it from the live hub. */
export function invalidateCatalogue(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.categories() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
}
