import { useState } from "react";
import type { PurchaseRequest } from "@procure/contracts";
import { toast } from "sonner";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { DecisionDialog } from "@/components/ui/decision-dialog";
import { useDecideRequest, type Decision } from "../api/decide-request";
import { canDecide } from "../lib/can-decide";

type Props = { request: PurchaseRequest; size?: "sm" | "md"; hideWhenUnavailable?: boolean };

/** Approve/Deny, each asked first in a dialog (a denial with its reason), with the requests screen's toasts. */
export function DecisionButtons({ request, size = "sm", hideWhenUnavailable = false }: Props) {
  const { user, role } = useSession();
  const mutation = useDecideRequest();
  const [asking, setAsking] = useState<Decision | null>(null);
  if (!canDecide(request, user, role)) return hideWhenUnavailable ? null : <span className="subtle">—</span>;

  const decide = (decision: Decision, comment: string) =>
    mutation.mutate(
      { id: request.id, decision, comment },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(decision === "approve" ? "Approval recorded" : "Denial recorded");
        },
      },
    );
  const cancel = () => {
    setAsking(null);
    mutation.reset();
  };
  const sizeClass = size === "sm" ? " btn-sm" : "";
  const busy = mutation.isPending;

  return (
    <div className="row">
      <button
        type="button"
        className={`btn btn-success${sizeClass}`}
        disabled={busy}
        onClick={() => setAsking("approve")}
        aria-label={`Approve ${request.title}`}
      >
        Approve
      </button>
      <button type="button" className={`btn btn-danger${sizeClass}`} disabled={busy} onClick={() => setAsking("deny")} aria-label={`Deny ${request.title}`}>
        Deny
      </button>
      <DecisionDialog
        subject={asking ? request : null}
        verdict={asking ?? "approve"}
        busy={busy}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        onConfirm={(comment) => asking && decide(asking, comment)}
        onCancel={cancel}
      />
    </div>
  );
}
