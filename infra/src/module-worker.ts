import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running one of the project's TypeScript modules. The worker registers tsx's loader itself
 * before importing the module, so it starts the same way under `tsx`, under Vitest and in a bench.
 */
export function startModuleWorker(module: URL, workerData: unknown, options: Omit<WorkerOptions, "eval" | "workerData"> = {}): Worker {
  const loader = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const code = `import(${loader}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(code, { ...options, eval: true, workerData });
}
