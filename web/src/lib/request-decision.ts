import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { api, errorMessage } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type Decision = "approve" | "deny";

/**
 * How long the toast offers Undo. The server takes a decision back for 30 seconds after it was recorded: more than
 * this, so an Undo clicked at the last moment still lands.
 */
export const UNDO_SECONDS = 10;

/**
 * A denial carries its reason; an approval may carry a comment. `attempt` names one asking of the question: the
 * same decision sent twice under it (a double click) is made once, and both calls get its answer.
 */
export const decideRequest = async ({ id, decision, comment, attempt }: { id: string; decision: Decision; comment: string; attempt: string }) =>
  purchaseRequest.parse(
    await api.post<unknown>(`/api/requests/${encodeURIComponent(id)}/${decision}`, comment ? { comment } : {}, { "Idempotency-Key": `decide-${attempt}` }),
  );

export const withdrawDecision = async (id: string) =>
  purchaseRequest.parse(await api.post<unknown>(`/api/requests/${encodeURIComponent(id)}/decision/withdraw`));

function showRequest(queryClient: QueryClient, updated: PurchaseRequest) {
  queryClient.setQueryData(queryKeys.requests.detail(updated.id), updated);
  void queryClient.invalidateQueries({ queryKey: queryKeys.requests.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
}

/**
 * Decides a request and says what happened: "Request approved" or "Request denied", with an Undo that takes the
 * decision back while the toast shows. After that the decision stands and Undo is no longer offered.
 */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  const undo = async (id: string) => {
    try {
      showRequest(queryClient, await withdrawDecision(id));
      toast.success("Decision withdrawn", { description: "The request is waiting for a decision again." });
    } catch (error) {
      toast.error("The decision could not be taken back", { description: errorMessage(error) });
    }
  };
  return useMutation({
    mutationFn: decideRequest,
    onSuccess: (updated, { id, decision }) => {
      showRequest(queryClient, updated);
      // One toast per request: the second answer of a double click replaces the first's rather than adding one.
      const waitsOn = updated.status === "pending" ? updated.current_stage_role : null;
      toast.success(decision === "approve" ? "Request approved" : "Request denied", {
        id: `decision-${id}`,
        description: waitsOn ? `Your stage is done; it now waits on ${waitsOn}.` : undefined,
        duration: UNDO_SECONDS * 1000,
        action: { label: "Undo", onClick: () => void undo(id) },
      });
    },
  });
}
