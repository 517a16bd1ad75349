import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startNatsServer, startProductProcess, type Child } from "../src/testing/child-process.ts";
import { freePort } from "../src/testing/free-port.ts";

export type Part = "api" | "relay" | "projector" | "all";

/**
 * The product as separate processes over one database and a NATS server of the drill's own, with handles to
 * kill and restart any copy of any part.
 */
export async function startStack(baseEnv: Record<string, string>, dataDir: string, layout: Partial<Record<Part, number>>) {
  const natsPort = await freePort();
  const natsDir = join(dataDir, "nats");
  mkdirSync(natsDir, { recursive: true });
  let nats: Child = await startNatsServer(natsPort, natsDir);
  const port = await freePort();
  const env: Record<string, string> = { ...baseEnv, PORT: String(port), NATS_URL: `nats://127.0.0.1:${natsPort}`, COMMAND_WAIT_MS: "500" };
  const copies = new Map<Part, Child[]>();
  const launch = (part: Part) => startProductProcess(env, part === "all" ? undefined : part === "api" ? "api" : part);
  // The API first: it runs the migrations the other parts expect.
  const order: Part[] = ["all", "api", "projector", "relay"];
  for (const part of order) {
    const n = layout[part] ?? 0;
    const started: Child[] = [];
    for (let i = 0; i < n; i++) started.push(await launch(part));
    if (n) copies.set(part, started);
  }
  return {
    env,
    url: `http://127.0.0.1:${port}`,
    natsUrl: env.NATS_URL!,
    /** SIGKILLs one copy of a part, waits a moment, and starts it again. */
    async killAndRestart(part: Part, index = 0, pauseMs = 300) {
      const list = copies.get(part)!;
      await list[index]!.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, pauseMs));
      list[index] = await launch(part);
    },
    async stopNats(signal: NodeJS.Signals) {
      await nats.kill(signal);
    },
    async startNats(options: { wipe?: boolean } = {}) {
      if (options.wipe) rmSync(natsDir, { recursive: true, force: true });
      mkdirSync(natsDir, { recursive: true });
      nats = await startNatsServer(natsPort, natsDir);
    },
    /** Stops every product process, leaving NATS up for the checks. */
    async stopProduct() {
      for (const list of copies.values()) for (const child of list) await child.kill();
    },
    async stopAll() {
      for (const list of copies.values()) for (const child of list) await child.kill("SIGKILL");
      await nats.kill();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
