import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startProductProcess, type Child } from "../../src/testing/child-process.ts";
import { freePort } from "../../src/testing/free-port.ts";
import { startNatsCluster, type NatsCluster } from "./nats-cluster.ts";
import { startNginx } from "./nginx-proxy.ts";

const backgroundParts = ["relay", "projector", "webhooks", "notifier"] as const;

export type ApiProcess = { name: string; url: string; metricsUrl: string; child: Child; dataDir: string };

/**
 * The compose file's shape on loopback: a three-node NATS cluster keeping the stream on all three, two API processes
 * (each with a DATA_DIR of its own, as on two hosts) behind the deployed nginx config, and the relay, projector,
 * webhooks and notifier as processes of their own, all over one database.
 */
export async function startScaleStack(baseEnv: Record<string, string>, dataDir: string) {
  const stopped: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stopped.reverse()) await stop().catch(() => {});
    stopped.length = 0;
  };
  try {
    const nats: NatsCluster = await startNatsCluster(join(dataDir, "nats"));
    stopped.push(() => nats.stop());
    const env: Record<string, string> = {
      ...baseEnv,
      NATS_URL: nats.url,
      NATS_STREAM_REPLICAS: "3",
      TRUST_PROXY: "1",
      SHUTDOWN_GRACE_MS: "5000",
      // Low enough for the drill to reach from both processes; each user signs in from an address of its own.
      RATE_LIMIT_PUBLIC: "300",
    };
    const apis: ApiProcess[] = [];
    const launchApi = async (name: string, port: number, metricsPort: number) => {
      const apiDir = join(dataDir, name);
      mkdirSync(apiDir, { recursive: true });
      const apiEnv = { ...env, PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: apiDir };
      const child = await startProductProcess(apiEnv, "api");
      return { name, url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child, dataDir: apiDir };
    };
    // One at a time: the first runs the migrations.
    for (const name of ["api-1", "api-2"]) {
      const api = await launchApi(name, await freePort(), await freePort());
      apis.push(api);
      stopped.push(() => api.child.kill("SIGKILL"));
    }
    const background: Child[] = [];
    for (const part of backgroundParts) {
      const child = await startProductProcess({ ...env, DATA_DIR: join(dataDir, part) }, part);
      background.push(child);
      stopped.push(() => child.kill("SIGKILL"));
    }
    const proxy = await startNginx(
      join(dataDir, "nginx"),
      apis.map((api) => Number(new URL(api.url).port)),
    );
    stopped.push(() => proxy.stop());

    return {
      env,
      nats,
      natsUrl: nats.url,
      apis,
      proxy,
      /** The address clients use: the proxy. */
      url: proxy.url,
      /**
       * SIGTERMs an API process and waits for it to drain and exit, for up to `timeoutMs`; past that it is killed.
       * Answers its exit code, how long it took, and whether it had to be killed.
       */
      async terminateApi(index: number, timeoutMs: number) {
        const api = apis[index]!;
        const started = Date.now();
        api.child.process.kill("SIGTERM");
        let timer: NodeJS.Timeout | undefined;
        const code = await Promise.race([api.child.exited, new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), timeoutMs)))]);
        clearTimeout(timer);
        const ms = Date.now() - started;
        if (code !== "hung") return { code, ms, killed: false };
        await api.child.kill("SIGKILL");
        return { code: null, ms, killed: true };
      },
      /** Starts an API process again on its port, as an orchestrator would after a restart. */
      async restartApi(index: number) {
        const api = apis[index]!;
        const next = await launchApi(api.name, Number(new URL(api.url).port), Number(new URL(api.metricsUrl).port));
        apis[index] = next;
        stopped.push(() => next.child.kill("SIGKILL"));
      },
      /** Resident memory of the API processes together, in KiB. */
      apiRssKiB: () => apis.reduce((sum, api) => sum + rssKiB(api.child.process.pid!), 0),
      /** CPU time the API processes, the background processes and nginx's workers have used, in milliseconds. */
      cpuMs: () => ({
        api: apis.reduce((sum, api) => sum + cpuMs(api.child.process.pid!), 0),
        background: background.reduce((sum, child) => sum + cpuMs(child.process.pid!), 0),
        proxy: childrenOf(proxy.pid).reduce((sum, pid) => sum + cpuMs(pid), 0),
      }),
      /** Stops every product process (the checks then read the stream and the database alone). */
      async stopProduct() {
        for (const child of [...apis.map((a) => a.child), ...background]) await child.kill();
      },
      stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export type ScaleStack = Awaited<ReturnType<typeof startScaleStack>>;

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** utime + stime from /proc/<pid>/stat, in clock ticks of 10 ms (Linux's USER_HZ). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
}
