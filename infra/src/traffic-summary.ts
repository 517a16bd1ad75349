import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** What one period's answered requests came to. */
export type TrafficFigures = { requests: number; clientErrors: number; serverErrors: number; p50Ms: number; p95Ms: number };

/** Counts answered requests and their durations until the period's figures are taken. */
export class TrafficTally {
  private durations: number[] = [];
  private clientErrors = 0;
  private serverErrors = 0;

  record(status: number, ms: number): void {
    this.durations.push(ms);
    if (status >= 500) this.serverErrors++;
    else if (status >= 400) this.clientErrors++;
  }

  /** The figures since the last take, and a fresh count; null when no request was answered. */
  take(): TrafficFigures | null {
    const durations = this.durations.sort((a, b) => a - b);
    const figures =
      durations.length === 0
        ? null
        : {
            requests: durations.length,
            clientErrors: this.clientErrors,
            serverErrors: this.serverErrors,
            p50Ms: rank(durations, 0.5),
            p95Ms: rank(durations, 0.95),
          };
    this.durations = [];
    this.clientErrors = 0;
    this.serverErrors = 0;
    return figures;
  }
}

/** The nearest-rank percentile of sorted values. */
const rank = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const milliseconds = (ms: number) => (ms < 1 ? "<1 ms" : `${Math.round(ms)} ms`);

export function periodName(ms: number): string {
  if (ms === 60_000) return "last minute";
  if (ms % 60_000 === 0) return `last ${ms / 60_000} minutes`;
  return `last ${Math.round(ms / 1000)} s`;
}

/** E.g. "last minute: 212 requests, 3 errors (4xx 3, 5xx 0), p50 4 ms, p95 31 ms". */
export function describeTraffic(figures: TrafficFigures, periodMs: number): string {
  const errors = figures.clientErrors + figures.serverErrors;
  return (
    `${periodName(periodMs)}: ${plural(figures.requests, "request")}, ${plural(errors, "error")} ` +
    `(4xx ${figures.clientErrors}, 5xx ${figures.serverErrors}), p50 ${milliseconds(figures.p50Ms)}, p95 ${milliseconds(figures.p95Ms)}`
  );
}

/** The levels that hide pino's line per request: a summary then stands in for them. */
export const summarizedLevels: readonly string[] = ["warn", "error", "fatal"];

/**
 * Prints a line about the requests the server answered in each period that had any. Counted where Node answers
 * them, so every route, the built client's files and a 404 count alike, and the in-process calls of the demo seed
 * do not. Returns a function that stops it; it never keeps the process alive.
 */
export function summarizeTraffic(server: Server, periodMs: number, print: (line: string) => void): () => void {
  const tally = new TrafficTally();
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    response.once("finish", () => tally.record(response.statusCode, performance.now() - started));
  };
  server.on("request", onRequest);
  const timer = setInterval(() => {
    const figures = tally.take();
    if (figures) print(describeTraffic(figures, periodMs));
  }, periodMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off("request", onRequest);
  };
}
