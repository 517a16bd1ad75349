import type { RequestSummary } from "@procure/contracts";
import { parseDate } from "@/lib/format";

export const statusFilters = ["all", "approved", "pending", "denied", "withdrawn"] as const;
export type StatusFilter = (typeof statusFilters)[number];

export const statusFilterLabels: Record<StatusFilter, string> = {
  all: "All",
  approved: "Approved",
  pending: "Pending",
  denied: "Denied",
  withdrawn: "Withdrawn",
};

export type RequestKpis = {
  total: number;
  pending: number;
  approved: number;
  approvalRate: number;
  spend: number;
  latestSubmission: Date | null;
};

/** Approval rate is approved over decided requests, so a queue full of pending work doesn't read as rejections. */
export function requestKpis(summary: RequestSummary | undefined): RequestKpis {
  const counts = summary?.counts ?? { all: 0, approved: 0, pending: 0, denied: 0, withdrawn: 0 };
  const decided = counts.approved + counts.denied;
  return {
    total: counts.all,
    pending: counts.pending,
    approved: counts.approved,
    approvalRate: decided > 0 ? Math.round((counts.approved / decided) * 100) : 0,
    spend: summary?.spend ?? 0,
    latestSubmission: parseDate(summary?.latest_submission ?? null),
  };
}
