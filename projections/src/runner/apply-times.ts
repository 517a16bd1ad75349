/** Upper bounds, in seconds, of the apply-time buckets: from a batch of one new request to a long replay batch. */
export const APPLY_TIME_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1] as const;

/** One projection's apply times: a count per bucket (not cumulative; the last is past every bound), their sum and count. */
export type ApplyTimeSeries = { counts: number[]; sum: number; count: number };

/** Every projection's apply times: plain data, so it crosses a thread's message port as it is. */
export type ApplyTimesSnapshot = { buckets: readonly number[]; projections: Record<string, ApplyTimeSeries> };

/**
 * How long each projection takes to apply its part of a batch, kept where the projections run and read by whoever
 * serves `/metrics` (`procure_projection_apply_seconds`), in this thread or from another one.
 */
export class ApplyTimes {
  private readonly series = new Map<string, ApplyTimeSeries>();

  record(projection: string, seconds: number): void {
    let series = this.series.get(projection);
    if (!series) this.series.set(projection, (series = { counts: new Array<number>(APPLY_TIME_BUCKETS.length + 1).fill(0), sum: 0, count: 0 }));
    const bucket = APPLY_TIME_BUCKETS.findIndex((bound) => seconds <= bound);
    series.counts[bucket === -1 ? APPLY_TIME_BUCKETS.length : bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  snapshot(): ApplyTimesSnapshot {
    const projections: Record<string, ApplyTimeSeries> = {};
    for (const [name, series] of this.series) projections[name] = { counts: [...series.counts], sum: series.sum, count: series.count };
    return { buckets: APPLY_TIME_BUCKETS, projections };
  }
}
