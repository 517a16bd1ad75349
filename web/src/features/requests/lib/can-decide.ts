import { decisionRefusal, normalizeStatus, type PurchaseRequest, type Role, type User } from "@procure/contracts";

/** Offer Approve/Deny only where the server would accept it: a pending request the server's decision rule allows. */
export function canDecide(request: Pick<PurchaseRequest, "status" | "requester_id" | "current_stage_role">, user: User | null, role: Role): boolean {
  if (!user || normalizeStatus(request.status) !== "pending") return false;
  return decisionRefusal({ role, userId: user.id }, { requesterId: request.requester_id, stageRole: request.current_stage_role }) === null;
}
