import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startNatsServer, type Child } from "./child-process.ts";
import { freePort } from "./free-port.ts";
import type { TestServices } from "./test-services.ts";

/**
 * Points `env` at a NATS server of the test's own when the test runs on Postgres, so killing product processes
 * never touches the machine's shared one; on the embedded defaults it removes NATS_URL, for the in-process bus.
 * Returns the server to stop afterwards, if one was started.
 */
export async function usePrivateNats(services: TestServices, env: Record<string, string>): Promise<Child | null> {
  if (services.mode !== "services") {
    delete env.NATS_URL;
    return null;
  }
  const port = await freePort();
  const storeDir = join(services.dataDir, "nats");
  mkdirSync(storeDir, { recursive: true });
  env.NATS_URL = `nats://127.0.0.1:${port}`;
  return startNatsServer(port, storeDir);
}
