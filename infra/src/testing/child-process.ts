import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** The checkout's root: the nearest folder up with the lockfile (this module also runs bundled, from dist/). */
export const repoRoot = findUp(dirname(fileURLToPath(import.meta.url)), "package-lock.json");

function findUp(from: string, file: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, file))) return dir;
    if (dirname(dir) === dir) throw new Error(`No ${file} above ${from}`);
  }
}

export type Child = {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

/** Spawns a command and resolves once a line of its output matches `ready`. */
export async function spawnUntil(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<Child> {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not become ready:\n${output.slice(-3000)}`)), options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.ready.test(output)) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output.slice(-3000)}`));
    });
  });
  return {
    process: child,
    output: () => output,
    exited,
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** The product's start command as a separate process, e.g. `--only projector`. */
export function startProductProcess(env: Record<string, string>, only?: string) {
  return spawnUntil(process.execPath, ["--import", "tsx", "infra/src/start.ts", ...(only ? ["--only", only] : [])], {
    env: { DEMO_SEED: "false", LOG_LEVEL: "warn", ...env },
    ready: /Procure is running/,
  });
}

/** A NATS server of the test's own, on a free port, so stopping it disturbs nobody else. */
export function startNatsServer(port: number, storeDir: string) {
  return spawnUntil("nats-server", ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", storeDir], { ready: /Server is ready/ });
}
