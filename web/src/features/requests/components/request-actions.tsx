import { useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { can, type PurchaseRequest } from "@procure/contracts";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useChangeRequest } from "../api/change-request";
import { RequestChangesDrawer } from "./request-changes-drawer";

/**
 * What may be done next with a request besides deciding it: its requester edits or withdraws it while it waits and
 * resubmits it once denied or withdrawn; a buyer raises the purchase order for an approved one.
 */
export function RequestActions({ request }: { request: PurchaseRequest }) {
  const { user, role } = useSession();
  const [changing, setChanging] = useState<"edit" | "resubmit" | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useChangeRequest();
  const own = user?.id === request.requester_id;
  const pending = request.status === "pending";
  const closed = request.status === "denied" || request.status === "withdrawn";
  const canOrder = request.status === "approved" && !request.order_id && can(role, "orders:write");
  if (!(own && (pending || closed)) && !canOrder) return null;

  const confirmWithdraw = () =>
    withdraw.mutate(
      { id: request.id, kind: "withdraw", reason: "" },
      {
        onSuccess: () => {
          setWithdrawing(false);
          toast.success("Request withdrawn");
        },
        onError: (error) => toast.error("Withdraw failed", { description: errorMessage(error) }),
      },
    );

  return (
    <div className="row">
      {own && pending ? (
        <>
          <button type="button" className="btn" onClick={() => setChanging("edit")}>
            Edit
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setWithdrawing(true)}>
            Withdraw
          </button>
        </>
      ) : null}
      {own && closed ? (
        <button type="button" className="btn btn-primary" onClick={() => setChanging("resubmit")}>
          Resubmit
        </button>
      ) : null}
      {canOrder ? (
        <Link className="btn btn-primary" to={paths.app.purchaseOrders.getHref({ request: request.id })}>
          Create PO
        </Link>
      ) : null}
      {changing ? <RequestChangesDrawer request={request} kind={changing} open onOpenChange={(open) => (open ? undefined : setChanging(null))} /> : null}
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw this request?"
        description={
          <>
            <strong>{request.title}</strong> leaves the approval queue. You can resubmit it later.
          </>
        }
        confirmLabel="Withdraw"
        tone="danger"
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(false)}
      />
    </div>
  );
}
