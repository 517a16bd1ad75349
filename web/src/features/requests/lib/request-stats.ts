import type { PurchaseRequest } from "@procure/contracts";
import { finiteOrZero, normalizeStatus, parseDate } from "@/lib/format";

export const statusFilters = ["all", "approved", "pending", "denied"] as const;
export type StatusFilter = (typeof statusFilters)[number];

export const statusFilterLabels: Record<StatusFilter, string> = {
  all: "All",
  approved: "Approved",
  pending: "Pending",
  denied: "Denied",
};

export function matchesSearch(request: PurchaseRequest, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [request.title, request.category_name, request.vendor_name, request.po_number, request.requester_email]
    .some((field) => typeof field === "string" && field.toLowerCase().includes(needle));
}

export function countByStatus(requests: PurchaseRequest[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = { all: requests.length, approved: 0, pending: 0, denied: 0 };
  for (const request of requests) {
    const status = normalizeStatus(request.status);
    if (status === "approved" || status === "pending" || status === "denied") counts[status] += 1;
  }
  return counts;
}

export type RequestKpis = {
  total: number;
  pending: number;
  approved: number;
  approvalRate: number;
  spend: number;
  latestSubmission: Date | null;
};

/** Approval rate is approved over decided requests, so a queue full of pending work doesn't read as rejections. */
export function requestKpis(requests: PurchaseRequest[]): RequestKpis {
  const counts = countByStatus(requests);
  const decided = counts.approved + counts.denied;
  let spend = 0;
  let latest: Date | null = null;
  for (const request of requests) {
    spend += finiteOrZero(request.amount);
    const created = parseDate(request.created_at);
    if (created && (!latest || created > latest)) latest = created;
  }
  return {
    total: counts.all,
    pending: counts.pending,
    approved: counts.approved,
    approvalRate: decided > 0 ? Math.round((counts.approved / decided) * 100) : 0,
    spend,
    latestSubmission: latest,
  };
}

export function sortNewestFirst(requests: PurchaseRequest[]): PurchaseRequest[] {
  const time = (r: PurchaseRequest) => parseDate(r.updated_at)?.getTime() ?? parseDate(r.created_at)?.getTime() ?? 0;
  return [...requests].sort((a, b) => time(b) - time(a));
}
