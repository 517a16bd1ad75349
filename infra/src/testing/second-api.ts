import { readEnv } from "@procure/api";
import { startRuntime, type Runtime } from "../runtime.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A second process serving only the API over the test app's database and NATS, as a service scaled to two runs.
 * `extraEnv` sets it apart (another host's DATA_DIR). The embedded defaults run one process, so there it is null and a test talks to the one app instead.
 */
export async function startSecondApi(app: TestApp, extraEnv: Record<string, string> = {}): Promise<Runtime | null> {
  if (!app.services.databaseUrl || !app.services.natsUrl) return null;
  return startRuntime(readEnv({ ...app.services.env, PORT: "0", HOST: "127.0.0.1", BACKGROUND_THREAD: "false", ...extraEnv }), ["api"]);
}
