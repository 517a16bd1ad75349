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
          // Files that start the product copy one database migrated for the run rather than migrating their own.
          globalSetup: ["infra/src/testing/int-global-setup.ts"],
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
          include: ["web/**/*.e2e.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          // The client is built once for the run; each file starts a product of its own on it.
          globalSetup: ["web/e2e/support/global-setup.ts"],
          testTimeout: 480_000,
          hookTimeout: 180_000,
          // A browser under load renders late: a poll waits for the screen as long as a user would.
          expect: { poll: { timeout: 15_000 } },
          // Each file has its own product, database and stream, and a browser mostly waits: two files at once keep
          // both cores busy.
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: "faults",
          include: ["{services,infra}/**/*.e2e.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          // Fault tests stream thousands of commands through killed and restarted processes, and judge what the
          // product did within bounds of time: each has the machine to itself.
          testTimeout: 480_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
