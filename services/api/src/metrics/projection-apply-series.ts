import type { Metric, Registry } from "prom-client";
import type { ApplyTimesSnapshot } from "@procure/projections";

const NAME = "procure_projection_apply_seconds";

/**
 * `procure_projection_apply_seconds{projection}`: a histogram kept where the projections run (this thread, or the
 * background thread, which answers a snapshot when scraped), so it is printed from that snapshot rather than
 * observed here. Absent where no projection runs in this process.
 */
export function registerApplyTimes(registry: Registry, snapshot: () => Promise<ApplyTimesSnapshot | null>): void {
  const help = "Time each projection takes to apply its part of a batch, by projection.";
  const metric = {
    name: NAME,
    help,
    type: "histogram",
    async get() {
      const taken = await snapshot().catch(() => null);
      return { name: NAME, help, type: "histogram", aggregator: "sum", values: taken ? samples(taken) : [] };
    },
  };
  registry.registerMetric(metric as unknown as Metric);
}

function samples({ buckets, projections }: ApplyTimesSnapshot) {
  const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
  for (const [projection, series] of Object.entries(projections)) {
    let cumulative = 0;
    buckets.forEach((bound, i) => {
      cumulative += series.counts[i] ?? 0;
      values.push({ metricName: `${NAME}_bucket`, labels: { le: bound, projection }, value: cumulative });
    });
    values.push({ metricName: `${NAME}_bucket`, labels: { le: "+Inf", projection }, value: series.count });
    values.push({ metricName: `${NAME}_sum`, labels: { projection }, value: series.sum });
    values.push({ metricName: `${NAME}_count`, labels: { projection }, value: series.count });
  }
  return values;
}
