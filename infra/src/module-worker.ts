import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Worker, type WorkerOptions } from "node:worker_threads";

const execFileAsync = promisify(execFile);

/**
 * A module that sits beside the calling one: `name.ts` in the sources, `name.mjs` in a bundle (infra/build), where
 * each worker's module is an entry of its own beside the entry that starts it.
 */
export function siblingModule(callerUrl: string, name: string): URL {
  if (callerUrl.endsWith(".ts")) return new URL(`./${name}.ts`, callerUrl);
  // In a bundle the caller's code may sit in a chunk shared by several entries, a folder below them (`chunks/`).
  return new URL(`${new URL(".", callerUrl).pathname.endsWith("/chunks/") ? "../" : "./"}${name}.mjs`, callerUrl);
}

/** The arguments that make `node` run one of the project's modules: through tsx's loader when it is TypeScript. */
function moduleArguments(module: URL): string[] {
  const path = module.pathname;
  return path.endsWith(".ts") ? ["--import", "tsx", path] : [path];
}

/** Runs one of the project's modules as a process of its own with `args`; answers what it printed. */
export async function runModuleProcess(module: URL, args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, [...moduleArguments(module), ...args], { maxBuffer: 1 << 20 });
  return stdout;
}

/**
 * A worker thread running one of the project's modules. For a TypeScript module, the worker registers tsx's loader
 * itself before importing it, so it starts the same way under `tsx`, under Vitest and in a bench.
 */
export function startModuleWorker(module: URL, workerData: unknown, options: Omit<WorkerOptions, "eval" | "workerData"> = {}): Worker {
  if (!module.pathname.endsWith(".ts")) return new Worker(module, { ...options, workerData });
  const loader = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const code = `import(${loader}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(code, { ...options, eval: true, workerData });
}
