import { siblingModule, startModuleWorker } from "../src/module-worker.ts";
import type { Percentiles } from "./stats.ts";
import type { LiveClientInput } from "./live-client.ts";

export type LiveFigures = { commandsPerSecond: number; commands: number; lost: number; latencyMs: Percentiles };

/**
 * Commands at a steady rate from one user; another user's websocket times each command from send to the
 * invalidation naming the created request. The clients run in a worker thread (`live-client.ts`), off the
 * server's event loop. With `warmupSeconds`, the same load runs that long first and only the steady state is timed;
 * a command lost during the warm-up still counts as lost.
 */
export function liveFigures(
  url: string,
  tokens: { requester: string; watcher: string },
  perSecond: number,
  seconds: number,
  warmupSeconds = 0,
): Promise<LiveFigures> {
  const input: LiveClientInput = { url, tokens, perSecond, seconds, warmupSeconds };
  const worker = startModuleWorker(siblingModule(import.meta.url, "live-client"), input);
  return new Promise((resolve, reject) => {
    // The clients' own memory is not the server's: the figures are in once the worker is gone.
    worker.once("message", (figures: LiveFigures) => {
      void worker.terminate().then(() => resolve(figures), reject);
    });
    worker.once("error", reject);
  });
}
