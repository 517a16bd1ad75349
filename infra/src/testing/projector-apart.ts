import { startProductProcess, type Child } from "./child-process.ts";
import { usePrivateNats } from "./private-nats.ts";
import { freePort } from "./free-port.ts";
import type { TestServices } from "./test-services.ts";

export type ProjectorApart = {
  env: Record<string, string>;
  url: string;
  /** The API and relay process; null on the embedded database, where the projector's process is the whole product. */
  api: Child | null;
  projector: () => Child;
  /** SIGKILLs the projector's process and starts it again. */
  restartProjector: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The product for tests that kill its projector. On a Postgres server the API (with the relay) and the projector
 * are processes of their own, over a NATS server of the test's; on the embedded database, one process by nature,
 * the whole product stands in for the projector.
 */
export async function startProjectorApart(services: TestServices): Promise<ProjectorApart> {
  const children: Child[] = [];
  const port = await freePort();
  const env: Record<string, string> = { ...services.env, PORT: String(port), COMMAND_WAIT_MS: "500" };
  const separate = services.mode === "services";
  const nats = await usePrivateNats(services, env);
  const start = (only?: string) => startProductProcess(env, only).then((c) => (children.push(c), c));
  const api = separate ? await start("api,relay") : null;
  let projector = await start(separate ? "projector" : undefined);
  return {
    env,
    url: `http://127.0.0.1:${port}`,
    api,
    projector: () => projector,
    restartProjector: async () => {
      await projector.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, 300));
      projector = await start(separate ? "projector" : undefined);
    },
    stop: async () => {
      for (const child of children) await child.kill("SIGKILL");
      await nats?.kill();
    },
  };
}
