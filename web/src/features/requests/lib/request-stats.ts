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
  /** Null before any decision. */
  approvalRate: number | null;
  spend: number;
  latestSubmission: Date | null;
};

/** The approval rate is the server's, defined once in the contracts, so it reads as the dashboard's does. */
export function requestKpis(summary: RequestSummary | undefined): RequestKpis {
  const counts = summary?.counts ?? { all: 0, approved: 0, pending: 0, denied: 0, withdrawn: 0 };
  return {
    total: counts.all,
    pending: counts.pending,
    approved: counts.approved,
    approvalRate: summary?.approval_rate ?? null,
    spend: summary?.spend ?? 0,
    latestSubmission: parseDate(summary?.latest_submission ?? null),
  };
}
