import { defineConfig } from "vitest/config";

/** Tests are selected by level through their suffix: unit (pure), int (real Postgres and NATS), e2e (HTTP or browser). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{contracts,services,projections,infra}/**/*.unit.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
        },
      },
      "web/vitest.config.ts",
      {
        test: {
          name: "int",
          include: ["{contracts,services,projections,infra}/**/*.int.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A read after a write may lag while the machine is busy: a poll waits for it as long as a user would.
          expect: { poll: { timeout: 10_000 } },
          // Each file has its own database and stream names, so files run side by side, one per core.
          fileParallelism: true,
          maxWorkers: 2,
          // Its own group, run after the unit tests, because its workers differ from theirs.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["{services,infra,web}/**/*.e2e.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          // Fault tests stream thousands of commands through killed and restarted processes.
          testTimeout: 480_000,
          hookTimeout: 180_000,
          // A browser under load renders late: a poll waits for the screen as long as a user would.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
