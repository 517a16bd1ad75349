import { can, type Role } from "./roles.ts";

export type Decider = { role: Role; userId: string };
/** The request as far as deciding goes: who raised it and the role its waiting stage needs (null: not routed). */
export type DecisionTarget = { requesterId: string; stageRole: Role | null };

/**
 * Why this person may not approve or deny this request now, or null when they may: the one rule the server enforces
 * (with the reason as its 403) and the client follows to offer the buttons. A routed request waits for its stage's
 * role (admins may stand in); an unrouted one takes any deciding role; nobody decides their own.
 */
export function decisionRefusal(decider: Decider, target: DecisionTarget): string | null {
  if (target.requesterId === decider.userId) return "You cannot approve or deny your own request.";
  if (target.stageRole === null) return can(decider.role, "requests:decide") ? null : "Your role cannot approve or deny requests.";
  if (decider.role !== target.stageRole && decider.role !== "admin") return `This request is waiting for the ${target.stageRole} stage.`;
  return null;
}
