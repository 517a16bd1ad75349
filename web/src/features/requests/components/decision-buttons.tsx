import { useState } from "react";
import type { PurchaseRequest } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { BlockedReason } from "@/components/ui/blocked-reason";
import { DecisionDialog } from "@/components/ui/decision-dialog";
import { useDecideRequest, type Decision } from "@/lib/request-decision";
import { canDecide } from "../lib/can-decide";

type Props = { request: PurchaseRequest; size?: "sm" | "md"; hideWhenUnavailable?: boolean };

/** Approve/Deny, each asked first in a dialog (a denial with its reason); a toast says what happened and offers Undo. */
export function DecisionButtons({ request, size = "sm", hideWhenUnavailable = false }: Props) {
  const { user, role } = useSession();
  const mutation = useDecideRequest();
  const [asking, setAsking] = useState<Decision | null>(null);
  if (!canDecide(request, user, role)) return hideWhenUnavailable ? null : <span className="subtle">—</span>;

  const ask = (decision: Decision) => {
    mutation.reset();
    setAsking(decision);
  };
  const decide = (decision: Decision, comment: string, attempt: string) =>
    mutation.mutate({ id: request.id, decision, comment, attempt }, { onSuccess: () => setAsking(null) });
  const cancel = () => {
    setAsking(null);
    mutation.reset();
  };
  const sizeClass = size === "sm" ? " btn-sm" : "";
  const busy = mutation.isPending;
  // The server's reason this reader may not decide now (separation of duties), shown before the click.
  const blocked = request.decision_blocked_reason ?? null;
  const blockedId = `decision-blocked-${request.id}`;
  const described = blocked ? blockedId : undefined;

  return (
    <div className="decision-actions">
      <div className="row">
        <button
          type="button"
          className={`btn btn-success${sizeClass}`}
          disabled={busy || blocked !== null}
          onClick={() => ask("approve")}
          aria-label={`Approve ${request.title}`}
          aria-describedby={described}
        >
          Approve
        </button>
        <button
          type="button"
          className={`btn btn-danger${sizeClass}`}
          disabled={busy || blocked !== null}
          onClick={() => ask("deny")}
          aria-label={`Deny ${request.title}`}
          aria-describedby={described}
        >
          Deny
        </button>
      </div>
      <BlockedReason id={blockedId} reason={blocked} />
      <DecisionDialog
        subject={asking ? request : null}
        verdict={asking ?? "approve"}
        busy={busy}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        onConfirm={(comment, attempt) => asking && decide(asking, comment, attempt)}
        onCancel={cancel}
      />
    </div>
  );
}
