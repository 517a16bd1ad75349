import { sql, type Kysely } from "kysely";
import { decisionTargetHours, renewalWindowDays } from "@procure/contracts";
import type { Database } from "../tables.ts";

/** Raw landing figures: counts, sums and durations over the whole workspace, never a single request or person. */
export type LandingFacts = {
  approvedSpend: number;
  pending: number;
  decided: number;
  followedRoute: number;
  medianCycleHours: number | null;
  dueForDecision: number;
  oldestPendingAt: string | null;
  pendingByStage: Record<string, number>;
  renewalsDue: number;
  catalogueChangesPending: number;
  feedsWithChanges: number;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export async function readLandingFacts(db: Kysely<Database>, now: Date): Promise<LandingFacts> {
  const endOfToday = new Date(`${isoDay(now)}T23:59:59.999Z`);
  const dueIfRaisedBefore = new Date(endOfToday.getTime() - decisionTargetHours * 3_600_000).toISOString();
  const renewalEnd = isoDay(new Date(now.getTime() + renewalWindowDays * 86_400_000));
  const [requests, stages, vendors, feeds] = await Promise.all([
    sql<{ approved_spend: number | null; pending: number; decided: number; followed: number; median_hours: number | null; due: number; oldest: string | null }>`
      select sum(amount) filter (where status = 'approved') as approved_spend,
        (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status <> 'pending'))::int as decided,
        (count(*) filter (where status <> 'pending' and not overridden))::int as followed,
        (percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at))
          filter (where decided_at is not null) / 3600)::float8 as median_hours,
        (count(*) filter (where status = 'pending' and created_at <= ${dueIfRaisedBefore}::timestamptz))::int as due,
        min(created_at) filter (where status = 'pending') as oldest
      from rm_landing_requests`.execute(db),
    sql<{ role: string | null; n: number }>`select waiting_role as role, count(*)::int as n from rm_landing_requests
      where status = 'pending' group by waiting_role`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from rm_landing_vendors where status <> 'blocked'
      and renewal_date >= ${isoDay(now)} and renewal_date <= ${renewalEnd}`.execute(db),
    sql<{ changes: number; feeds: number }>`select coalesce(sum(pending_changes), 0)::int as changes,
      (count(*) filter (where pending_changes > 0))::int as feeds from rm_vendor_feeds`.execute(db),
  ]);
  const r = requests.rows[0]!;
  return {
    approvedSpend: Number(r.approved_spend ?? 0),
    pending: r.pending,
    decided: r.decided,
    followedRoute: r.followed,
    medianCycleHours: r.median_hours === null ? null : Number(r.median_hours),
    dueForDecision: r.due,
    oldestPendingAt: r.oldest,
    pendingByStage: Object.fromEntries(stages.rows.map((s) => [s.role ?? "any", s.n])),
    renewalsDue: vendors.rows[0]?.n ?? 0,
    catalogueChangesPending: feeds.rows[0]?.changes ?? 0,
    feedsWithChanges: feeds.rows[0]?.feeds ?? 0,
  };
}
