import { performance } from "node:perf_hooks";

export type Percentiles = { p50: number; p95: number; p99: number; max: number };

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(sorted.at(-1) ?? 0) };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Runs `count` calls of `work`, `concurrency` at a time, and answers calls per second. */
export async function throughput(count: number, concurrency: number, work: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return round(count / ((performance.now() - started) / 1000), 0);
}

/** Latencies of `times` sequential calls, in milliseconds. */
export async function latencies(times: number, work: () => Promise<unknown>): Promise<Percentiles> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

export const rssMiB = () => round(process.memoryUsage().rss / 1024 / 1024, 0);
export const heapMiB = () => round(process.memoryUsage().heapUsed / 1024 / 1024, 0);
