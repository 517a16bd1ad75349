import { appendFileSync } from "node:fs";
import { join } from "node:path";

/** Where `npm run test:profile` collects spans: one JSON line per timed step, read by slowest-reporter.ts. */
export const PROFILE_DIR = "PROCURE_TEST_PROFILE_DIR";

export type ProfileSpan = "database" | "server start" | "browser";

/**
 * Times a step of a test file's set-up for the profile, naming the file it ran for; outside a profiled run it only
 * runs the step. Vitest is imported only then, so drills and benches can share the test kit.
 */
export async function profiled<T>(span: ProfileSpan, step: () => Promise<T>): Promise<T> {
  const dir = process.env[PROFILE_DIR];
  if (!dir) return step();
  const started = performance.now();
  try {
    return await step();
  } finally {
    const { expect } = await import("vitest");
    const file = expect.getState().testPath ?? "unknown";
    appendFileSync(join(dir, `spans-${process.pid}.jsonl`), `${JSON.stringify({ file, span, ms: performance.now() - started })}\n`);
  }
}
