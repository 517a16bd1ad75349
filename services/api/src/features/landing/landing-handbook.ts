import { roleHandbook, type Role, type RoleView } from "@procure/contracts";
import type { LandingFacts } from "@procure/projections/catalogue";
import { count, formatCycleTime } from "./landing-figures.ts";

const waitingOn = (facts: LandingFacts, ...stages: string[]) => stages.reduce((n, s) => n + (facts.pendingByStage[s] ?? 0), 0);

/** Each role's one live, aggregate-only line under its handbook cadence. */
const nowLine: Record<Role, (facts: LandingFacts) => string> = {
  admin: (f) => `Now: ${count(f.pending, "request")} pending across the workspace`,
  finance: (f) => `Now: ${count(waitingOn(f, "finance"), "request")} waiting on the finance stage`,
  buyer: (f) => `Now: ${count(f.catalogueChangesPending, "catalogue change")} staged for review`,
  approver: (f) => `Now: ${count(waitingOn(f, "approver", "any"), "request")} waiting on approvers`,
  requester: (f) => `Now: requests are decided in ${formatCycleTime(f.medianCycleHours)} (median)`,
};

export function roleViews(facts: LandingFacts): RoleView[] {
  return roleHandbook.map((view) => ({ ...view, cadence: [...view.cadence, nowLine[view.id](facts)] }));
}
