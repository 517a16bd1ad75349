import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { LATENCY_CEILING_MS as MAX_MS, type FleetCommand, type FleetReport, type SocketSpec } from "./socket-fleet.ts";

/**
 * The drill's live sockets, in a process of their own as clients on other machines would be: their parsing does
 * not queue behind the drill's commands, nor does their memory count as the server's. Told over IPC when each
 * request was sent, it times every socket's first invalidation naming that request from the send, and counts the
 * sockets that never heard it. A socket closed with 1012 (a server restarting) reconnects at once through the proxy,
 * as the web client does.
 */
const now = () => performance.timeOrigin + performance.now();

type Held = { spec: SocketSpec; socket: WebSocket; open: boolean; openedAt: number };
type Heard = { sentAt: number | null; by: Uint8Array; early: number[] };

const held: Held[] = [];
const requests = new Map<string, Heard>();
const latencies = new Uint32Array(MAX_MS + 1);
const closes = new Map<number, number>();
const reconnectGaps: number[] = [];
let resyncs = 0;
let messages = 0;
let cpuFrom = process.cpuUsage();
let reconnectTo: string | null = null;

function record(id: string, index: number, at: number) {
  let heard = requests.get(id);
  if (!heard) requests.set(id, (heard = { sentAt: null, by: new Uint8Array(held.length), early: [] }));
  if (heard.by.length <= index) {
    const grown = new Uint8Array(held.length);
    grown.set(heard.by);
    heard.by = grown;
  }
  if (heard.by[index]) return;
  heard.by[index] = 1;
  if (heard.sentAt === null) heard.early.push(at);
  else latencies[Math.min(MAX_MS, Math.max(0, Math.round(at - heard.sentAt)))]! += 1;
}

function attach(index: number, spec: SocketSpec): Promise<void> {
  const socket = new WebSocket(`${spec.url.replace(/^http/, "ws")}/api/live`, ["bearer", spec.token]);
  const entry: Held = { spec, socket, open: false, openedAt: 0 };
  held[index] = entry;
  socket.on("message", (raw) => {
    const at = now();
    messages++;
    const message = JSON.parse(String(raw)) as { type: string; keys?: string[][] };
    if (message.type === "resync") resyncs++;
    for (const key of message.keys ?? []) {
      if (key[0] === "requests" && key.length === 2) record(key[1]!, index, at);
    }
  });
  socket.on("close", (code) => {
    const closedAt = now();
    entry.open = false;
    closes.set(code, (closes.get(code) ?? 0) + 1);
    if (code === 1012 && reconnectTo) {
      void attach(index, { ...spec, url: reconnectTo, label: "reconnected" }).then(
        () => reconnectGaps.push(now() - closedAt),
        () => reconnectGaps.push(Infinity),
      );
    }
  });
  return new Promise<void>((resolve, reject) => {
    socket.once("open", () => {
      entry.open = true;
      entry.openedAt = now();
      resolve();
    });
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`upgrade refused with ${response.statusCode}`)));
  });
}

async function open(specs: SocketSpec[], concurrency = 50) {
  const started = now();
  const first = held.length;
  let next = 0;
  let failed = 0;
  let error = "";
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < specs.length) {
        const i = next++;
        await Promise.resolve()
          .then(() => attach(first + i, specs[i]!))
          .catch((e: unknown) => {
            failed++;
            error = String(e);
          });
      }
    }),
  );
  return { opened: specs.length - failed, failed, error, ms: Math.round(now() - started) };
}

function percentile(q: number, total: number) {
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (let ms = 0; ms <= MAX_MS; ms++) {
    seen += latencies[ms]!;
    if (seen >= rank) return ms;
  }
  return MAX_MS;
}

/**
 * Deliveries owed: every socket open now that opened before the request was sent owes it one. Missed ones are
 * counted by the socket's label (which API process, or "reconnected").
 */
function report(): FleetReport {
  const missedBy: Record<string, number> = {};
  let owed = 0;
  let unsent = 0;
  for (const heard of requests.values()) {
    if (heard.sentAt === null) {
      unsent++;
      continue;
    }
    for (const [index, entry] of held.entries()) {
      if (!entry.open || entry.openedAt > heard.sentAt) continue;
      owed++;
      if (!heard.by[index]) missedBy[entry.spec.label] = (missedBy[entry.spec.label] ?? 0) + 1;
    }
  }
  const delivered = latencies.reduce((sum, n) => sum + n, 0);
  const openBy: Record<string, number> = {};
  for (const entry of held) if (entry.open) openBy[entry.spec.label] = (openBy[entry.spec.label] ?? 0) + 1;
  return {
    sockets: held.length,
    openBy,
    requests: requests.size - unsent,
    owed,
    missedBy,
    delivered,
    latencyMs: { p50: percentile(0.5, delivered), p95: percentile(0.95, delivered), p99: percentile(0.99, delivered), max: percentile(1, delivered) },
    closes: Object.fromEntries(closes),
    reconnects: reconnectGaps.length,
    slowestReconnectMs: reconnectGaps.length ? Math.round(Math.max(...reconnectGaps)) : null,
    resyncs,
    messages,
    cpuMs: Math.round((process.cpuUsage(cpuFrom).user + process.cpuUsage(cpuFrom).system) / 1000),
  };
}

process.on("message", (command: FleetCommand) => {
  const answer = (body: unknown) => process.send!({ id: command.seq, body });
  switch (command.type) {
    case "open":
      reconnectTo = command.reconnectTo ?? reconnectTo;
      void open(command.sockets).then(answer);
      break;
    case "sent": {
      for (const [id, sentAt] of command.sent) {
        let heard = requests.get(id);
        if (!heard) requests.set(id, (heard = { sentAt, by: new Uint8Array(held.length), early: [] }));
        heard.sentAt = sentAt;
        for (const at of heard.early) latencies[Math.min(MAX_MS, Math.max(0, Math.round(at - sentAt)))]! += 1;
        heard.early = [];
      }
      answer(null);
      break;
    }
    case "forget":
      // What came before is not this phase's: its requests, deliveries and latencies start again.
      requests.clear();
      latencies.fill(0);
      reconnectGaps.length = 0;
      closes.clear();
      resyncs = messages = 0;
      cpuFrom = process.cpuUsage();
      answer(null);
      break;
    case "report":
      answer(report());
      break;
    case "close":
      for (const entry of held) entry.socket.terminate();
      answer(null);
      process.disconnect();
      break;
  }
});
