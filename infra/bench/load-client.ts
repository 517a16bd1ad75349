import { performance } from "node:perf_hooks";
import { throughput } from "./stats.ts";

export type LoadClientInput = {
  url: string;
  headers: Record<string, string>;
  /** The JSON body; `{i}` in a string value is replaced by the call's number, so each call makes a record of its own. */
  body: Record<string, unknown>;
  concurrency: number;
  /** Calls for this long, or `count` calls. */
  seconds?: number;
  count?: number;
};

const bodyOf = (body: Record<string, unknown>, i: number) =>
  JSON.stringify(body, (_key, value: unknown) => (typeof value === "string" ? value.replaceAll("{i}", String(i)) : value));

/**
 * A closed loop of HTTP clients, each sending its next POST when its last was answered, for a time or a count. Runs
 * as a process of its own, so the CPU it takes is not counted as the server's. Takes its input as JSON in the first
 * argument and prints `{ calls, perSecond }`.
 */
async function run({ url, headers, body, concurrency, seconds, count }: LoadClientInput) {
  const started = performance.now();
  const until = seconds ? started + seconds * 1000 : Number.POSITIVE_INFINITY;
  let calls = 0;
  const call = async (i: number) => {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: bodyOf(body, i) });
    if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    calls++;
  };
  if (count) await throughput(count, concurrency, call);
  else
    await Promise.all(
      Array.from({ length: concurrency }, async (_, lane) => {
        for (let i = lane; performance.now() < until; i += concurrency) await call(i);
      }),
    );
  const elapsed = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ calls, perSecond: Math.round(calls / elapsed) }));
}

await run(JSON.parse(process.argv[2]!) as LoadClientInput);
