import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { percentiles } from "./stats.ts";

export type LiveClientInput = {
  url: string;
  tokens: { requester: string; watcher: string };
  perSecond: number;
  seconds: number;
  /** Seconds of the same load before the timed ones, so the figures are the steady state's, not the JIT's. */
  warmupSeconds: number;
};

/**
 * Commands at a steady rate from one user; another user's websocket times each command from send to the
 * invalidation naming the created request. Runs as a process of its own, as clients on other machines would: its
 * work does not queue behind the server's on one event loop, nor does its memory count as the server's. Takes its
 * input as JSON in the first argument and prints the figures as JSON.
 */
async function run({ url, tokens, perSecond, seconds, warmupSeconds }: LiveClientInput) {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/live`, ["bearer", tokens.watcher]);
  socket.on("message", (raw) => {
    const at = performance.now();
    const message = JSON.parse(String(raw)) as { type: string; keys?: string[][] };
    for (const key of message.keys ?? []) {
      if (key[0] === "requests" && key.length === 2 && !arrivals.has(key[1]!)) {
        arrivals.set(key[1]!, at);
        waiting.get(key[1]!)?.();
      }
    }
  });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const samples: number[] = [];
  let lost = 0;
  const warmup = perSecond * warmupSeconds;
  const total = warmup + perSecond * seconds;
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    sends.push(
      fetch(`${url}/api/requests`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.requester}` },
        body: JSON.stringify({ title: `Live ${i}`, amount: 3 }),
      }).then(
        async (res) => {
          // A command the server could not take (refused, timed out) is lost as surely as one never heard of.
          if (res.status !== 201) return void lost++;
          const { id } = (await res.json()) as { id: string };
          if (!arrivals.has(id)) {
            const heard = await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), 5_000);
              waiting.set(id, () => (clearTimeout(timer), resolve(true)));
            });
            if (!heard) return void lost++;
          }
          if (i >= warmup) samples.push(arrivals.get(id)! - sent);
        },
        () => void lost++,
      ),
    );
  }
  await Promise.all(sends);
  socket.close();
  return { commandsPerSecond: perSecond, commands: total, lost, latencyMs: percentiles(samples) };
}

console.log(JSON.stringify(await run(JSON.parse(process.argv[2]!) as LiveClientInput)));
