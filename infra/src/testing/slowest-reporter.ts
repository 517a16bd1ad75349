import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { PROFILE_DIR, type ProfileSpan } from "./profile-span.ts";

const SHOWN = 20;
const spanNames: ProfileSpan[] = ["database", "server start", "browser"];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm run test:profile`: after the run, the 20 slowest files with where their time went (importing, the set-up
 * steps the test kit times, the tests themselves) and the 20 slowest tests.
 */
export default class SlowestReporter implements Reporter {
  private readonly dir = resolve(process.env[PROFILE_DIR] ?? ".test-profile");

  onInit() {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    process.env[PROFILE_DIR] = this.dir;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const spans = this.readSpans();
    const files = modules.map((module) => {
      const { duration, collectDuration, setupDuration } = module.diagnostic();
      const tests = [...module.children.allTests()].reduce((sum, test) => sum + (test.diagnostic()?.duration ?? 0), 0);
      return {
        name: `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`,
        id: module.moduleId,
        duration,
        collectDuration: collectDuration + setupDuration,
        tests,
      };
    });
    files.sort((a, b) => b.duration - a.duration);
    console.log(`\nSlowest ${SHOWN} files (import, timed set-up steps, tests; the rest is other hooks and waits between tests):`);
    for (const file of files.slice(0, SHOWN)) {
      const steps = spanNames
        .map((span) => (spans.get(`${file.id}\u0000${span}`) ? `${span} ${seconds(spans.get(`${file.id}\u0000${span}`)!)}` : null))
        .filter(Boolean);
      console.log(
        `${seconds(file.duration).padStart(8)}  ${file.name}\n          import ${seconds(file.collectDuration)}; ${[...steps, `tests ${seconds(file.tests)}`].join("; ")}`,
      );
    }
    const tests = modules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        name: `${relative(process.cwd(), module.moduleId)} > ${test.fullName}`,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    tests.sort((a, b) => b.ms - a.ms);
    console.log(`\nSlowest ${SHOWN} tests:`);
    for (const test of tests.slice(0, SHOWN)) console.log(`${seconds(test.ms).padStart(8)}  ${test.name}`);
  }

  /** Milliseconds per file and step, summed over the file's steps of that kind. */
  private readSpans(): Map<string, number> {
    const totals = new Map<string, number>();
    for (const name of readdirSync(this.dir)) {
      for (const line of readFileSync(join(this.dir, name), "utf8").split("\n").filter(Boolean)) {
        const { file, span, ms } = JSON.parse(line) as { file: string; span: ProfileSpan; ms: number };
        const key = `${resolve(file)}\u0000${span}`;
        totals.set(key, (totals.get(key) ?? 0) + ms);
      }
    }
    return totals;
  }
}
