import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot } from "@procure/infra/testing/child-process";
import { prepareMigratedTemplate } from "@procure/infra/testing/migrated-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The web client built once for the run, served by every browser test's product. */
    webDist: string;
  }
}

/**
 * Builds the client once for all browser test files, into a folder of the run's own: every file's product serves the
 * same bytes, and none serves a stale or half-written web/dist. The files' databases start from one migrated template.
 */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), "procure-e2e-web-"));
  const result = spawnSync("npm", ["run", "build", "-w", "@procure/web", "--", "--outDir", outDir, "--emptyOutDir"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  project.provide("webDist", outDir);
  const dropTemplate = await prepareMigratedTemplate();
  return async () => {
    await dropTemplate();
    rmSync(outDir, { recursive: true, force: true });
  };
}
