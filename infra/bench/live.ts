import { runModuleProcess, siblingModule } from "../src/module-worker.ts";
import type { Percentiles } from "./stats.ts";
import type { LiveClientInput } from "./live-client.ts";

export type LiveFigures = { commandsPerSecond: number; commands: number; lost: number; latencyMs: Percentiles };

/**
 * Commands at a steady rate from one user; another user's websocket times each command from send to the
 * invalidation naming the created request. The clients run in a process of their own (`live-client.ts`), as they
 * would on other machines: neither their work nor their memory is the server's. With `warmupSeconds`, the same load
 * runs that long first and only the steady state is timed; a command lost during the warm-up still counts as lost.
 */
export async function liveFigures(
  url: string,
  tokens: { requester: string; watcher: string },
  perSecond: number,
  seconds: number,
  warmupSeconds = 0,
): Promise<LiveFigures> {
  const input: LiveClientInput = { url, tokens, perSecond, seconds, warmupSeconds };
  const stdout = await runModuleProcess(siblingModule(import.meta.url, "live-client"), [JSON.stringify(input)]);
  return JSON.parse(stdout) as LiveFigures;
}
