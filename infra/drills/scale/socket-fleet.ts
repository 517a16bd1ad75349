import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { repoRoot } from "../../src/testing/child-process.ts";
import { siblingModule } from "../../src/module-worker.ts";

/** One socket to open: at `url` (an API process or the proxy), as the user of `token`, counted under `label`. */
export type SocketSpec = { url: string; token: string; label: string };

type FleetRequest =
  | { type: "open"; sockets: SocketSpec[]; reconnectTo?: string }
  | { type: "sent"; sent: [id: string, at: number][] }
  | { type: "forget" }
  | { type: "report" }
  | { type: "close" };
export type FleetCommand = FleetRequest & { seq: number };

export type FleetReport = {
  sockets: number;
  openBy: Record<string, number>;
  /** Requests the drill said it sent. */
  requests: number;
  /** Deliveries owed: each request to each socket open since before it was sent. */
  owed: number;
  missedBy: Record<string, number>;
  delivered: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  closes: Record<string, number>;
  reconnects: number;
  slowestReconnectMs: number | null;
  resyncs: number;
  /** Messages of any kind the sockets received, and the CPU time the fleet's process used, since the last `forget`. */
  messages: number;
  cpuMs: number;
};

/** The fleet's latency histogram ends here: a latency at the ceiling is that long or longer. */
export const LATENCY_CEILING_MS = 60_000;

/** The same clock in every process on the machine, to the fraction of a millisecond. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** Starts the socket-holding client process (socket-fleet-process.ts) and talks to it over IPC. */
export function startSocketFleet() {
  const module = siblingModule(import.meta.url, "socket-fleet-process");
  const child = fork(module.pathname, [], {
    cwd: repoRoot,
    execArgv: module.pathname.endsWith(".ts") ? ["--import", "tsx"] : [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let seq = 0;
  const waiting = new Map<number, (body: unknown) => void>();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.on("message", (message: { id: number; body: unknown }) => waiting.get(message.id)?.(message.body));
  const ask = <T>(command: FleetRequest): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, (body) => (waiting.delete(id), resolve(body as T)));
      child.send({ ...command, seq: id } satisfies FleetCommand, (error) => error && reject(error));
      void exited.then(() => reject(new Error("the socket fleet's process exited")));
    });
  let batch: [string, number][] = [];
  const flush = async () => {
    const sent = batch;
    batch = [];
    if (sent.length) await ask({ type: "sent", sent });
  };
  return {
    open: (sockets: SocketSpec[], reconnectTo?: string) =>
      ask<{ opened: number; failed: number; error: string; ms: number }>({ type: "open", sockets, reconnectTo }),
    /** Tells the fleet a request went out at `at`; passed on in batches, all of them before a report. */
    sent(id: string, at: number) {
      batch.push([id, at]);
      if (batch.length >= 50) void flush();
    },
    forget: async () => {
      await flush();
      await ask({ type: "forget" });
    },
    report: async () => {
      await flush();
      return ask<FleetReport>({ type: "report" });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.connected) await ask({ type: "close" }).catch(() => {});
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

export type SocketFleet = ReturnType<typeof startSocketFleet>;
