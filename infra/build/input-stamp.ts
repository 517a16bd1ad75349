import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** What a build's output is made from: files and folders (relative to the root), and the environment it reads. */
export type BuildInputs = {
  paths: readonly string[];
  /** Environment variables the build reads, whose values count as inputs too (Vite's `VITE_*`, `NODE_ENV`). */
  environment?: RegExp;
};

/** Folders that hold no build input: installed packages, build output, and dot-folders (data, caches, git). */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "coverage"]);
/** Tests sit beside the code but no bundle includes them: editing one leaves the output as it was. */
const TEST_FILE = /\.test\.tsx?$/;

/** Every input file under the given paths, relative to `root`, in a stable order; a path that does not exist counts as none. */
export function inputFiles(root: string, paths: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (!statSync(path).isDirectory()) {
      files.push(relative(root, path));
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() ? SKIPPED_DIRS.has(entry.name) || entry.name.startsWith(".") : TEST_FILE.test(entry.name)) continue;
      visit(join(path, entry.name));
    }
  };
  for (const path of paths) visit(resolve(root, path));
  return [...new Set(files)].sort();
}

/**
 * A digest of the inputs: each file's path and content, and the values of the environment variables the build
 * reads. Content rather than modification times, so a checkout that rewrites files unchanged costs no build.
 */
export function inputStamp(root: string, inputs: BuildInputs, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash("sha256");
  for (const file of inputFiles(root, inputs.paths)) {
    hash
      .update(`file ${file}\0`)
      .update(readFileSync(resolve(root, file)))
      .update("\0");
  }
  const pattern = inputs.environment;
  if (pattern) {
    for (const name of Object.keys(env)
      .filter((n) => pattern.test(n))
      .sort())
      hash.update(`env ${name}=${env[name]}\0`);
  }
  return hash.digest("hex");
}

/** The stamp lives in the output folder, so removing the output removes it (Vite empties the folder as it builds). */
const stampPath = (outdir: string) => join(outdir, ".build-stamp");

export function readStamp(outdir: string): string | null {
  return existsSync(stampPath(outdir)) ? readFileSync(stampPath(outdir), "utf8").trim() : null;
}

export function writeStamp(outdir: string, stamp: string): void {
  writeFileSync(stampPath(outdir), `${stamp}\n`);
}

export function clearStamp(outdir: string): void {
  rmSync(stampPath(outdir), { force: true });
}
