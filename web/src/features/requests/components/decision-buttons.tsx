import type { PurchaseRequest } from "@procure/contracts";
import { toast } from "sonner";
import { useSession } from "@/lib/auth";
import { useDecideRequest, type Decision } from "../api/decide-request";
import { canDecide } from "../lib/can-decide";

/** Approve/Deny through the dedicated calls, with the requests screen's toasts. */
type Props = { request: PurchaseRequest; size?: "sm" | "md"; hideWhenUnavailable?: boolean };

export function DecisionButtons({ request, size = "sm", hideWhenUnavailable = false }: Props) {
  const { user, role } = useSession();
  const mutation = useDecideRequest();
  if (!canDecide(request, user, role)) return hideWhenUnavailable ? null : <span className="subtle">—</span>;

  const busy = mutation.isPending;
  const decide = (decision: Decision) =>
    mutation.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => toast.success(decision === "approve" ? "Approval recorded" : "Denial recorded"),
        onError: () => toast.error("Update failed"),
      },
    );
  const sizeClass = size === "sm" ? " btn-sm" : "";

  return (
    <div className="row">
      <button type="button" className={`btn btn-success${sizeClass}`} disabled={busy} onClick={() => decide("approve")} aria-label={`Approve ${request.title}`}>
        Approve
      </button>
      <button type="button" className={`btn btn-danger${sizeClass}`} disabled={busy} onClick={() => decide("deny")} aria-label={`Deny ${request.title}`}>
        Deny
      </button>
    </div>
  );
}
