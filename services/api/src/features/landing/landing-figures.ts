import { decisionTargetHours, renewalWindowDays, type LandingData } from "@procure/contracts";
import type { LandingFacts } from "@procure/projections/catalogue";

const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function formatCycleTime(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 1) return "under 1 hour";
  if (hours < 24) return count(Math.round(hours), "hour");
  return `${(hours / 24).toFixed(1)} days`;
}

export function formatAdherence(followed: number, decided: number): string {
  return decided > 0 ? `${Math.round((followed / decided) * 100)}%` : "—";
}

function waitingSince(oldest: string | null, now: Date): string {
  if (!oldest) return "Submitted and still pending approval";
  const days = Math.floor((now.getTime() - new Date(oldest).getTime()) / 86_400_000);
  return days < 1 ? "Oldest submitted today" : `Oldest waiting ${count(days, "day")}`;
}

/** Hero metrics and daily focus signals: workspace-wide aggregates, worded for a visitor. */
export function landingFigures(facts: LandingFacts, now: Date): Pick<LandingData, "heroMetrics" | "focusSignals"> {
  return {
    heroMetrics: [
      { label: "Spend under management", value: compactUsd.format(facts.approvedSpend) },
      { label: "Median cycle time", value: formatCycleTime(facts.medianCycleHours) },
      { label: "Policy adherence", value: formatAdherence(facts.followedRoute, facts.decided) },
    ],
    focusSignals: [
      { label: "Requests awaiting a decision", value: count(facts.pending, "request"), meta: waitingSince(facts.oldestPendingAt, now) },
      {
        label: "Approvals due today",
        value: count(facts.dueForDecision, "decision"),
        meta: `Past the ${decisionTargetHours}-hour decision target by end of day`,
      },
      { label: "Vendor renewals", value: count(facts.renewalsDue, "vendor"), meta: `Renewals within a ${renewalWindowDays} day window` },
      {
        label: "Catalogue changes to review",
        value: count(facts.catalogueChangesPending, "change"),
        meta: `Staged by ${count(facts.feedsWithChanges, "vendor feed")}`,
      },
    ],
  };
}
