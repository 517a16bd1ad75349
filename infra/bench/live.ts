import { Worker } from "node:worker_threads";
import type { Percentiles } from "./stats.ts";
import type { LiveClientInput } from "./live-client.ts";

export type LiveFigures = { commandsPerSecond: number; commands: number; lost: number; latencyMs: Percentiles };

/**
 * Commands at a steady rate from one user; another user's websocket times each command from send to the
 * invalidation naming the created request. The clients run in a worker thread (`live-client.ts`), off the
 * server's event loop.
 */
export function liveFigures(url: string, tokens: { requester: string; watcher: string }, perSecond: number, seconds: number): Promise<LiveFigures> {
  const input: LiveClientInput = { url, tokens, perSecond, seconds };
  // The worker loads TypeScript through tsx's loader, registered in the worker itself before the client module.
  const loader = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const client = JSON.stringify(new URL("./live-client.ts", import.meta.url).href);
  const code = `import(${loader}).then(({ register }) => { register(); return import(${client}); })`;
  const worker = new Worker(code, { eval: true, workerData: input });
  return new Promise((resolve, reject) => {
    // The clients' own memory is not the server's: the figures are in once the worker is gone.
    worker.once("message", (figures: LiveFigures) => {
      void worker.terminate().then(() => resolve(figures), reject);
    });
    worker.once("error", reject);
  });
}
