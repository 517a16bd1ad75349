import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { repoRoot } from "../src/testing/child-process.ts";
import { bundle, workspaceDirs } from "./bundles.ts";
import { clearStamp, inputStamp, readStamp, writeStamp, type BuildInputs } from "./input-stamp.ts";

/** A build `npm start` needs, with what its output is made from and a file that shows the output is there. */
export type BuildTarget = {
  label: string;
  outdir: string;
  /** A file every complete build leaves in `outdir`. */
  entry: string;
  inputs: BuildInputs;
  /** `quiet`: warnings and errors only, as in `npm start`'s console. */
  build: (outdir: string, options: { quiet: boolean }) => Promise<void>;
};

/** Every build reads the installed packages (the lockfile says which) and the workspace's manifests. */
const shared = ["package.json", "package-lock.json", "tsconfig.json"];

export const buildTargets = {
  web: {
    label: "web client",
    outdir: "web/dist",
    entry: "index.html",
    // The client imports only the contracts among the workspace's packages; Vite reads VITE_* and NODE_ENV.
    inputs: { paths: [...shared, "web", "contracts"], environment: /^(NODE_ENV|VITE_\w+)$/ },
    build: async (outdir, { quiet }) => {
      const args = [
        // npm's own banner too: the console keeps Vite's warnings and errors only.
        ...(quiet ? ["--silent"] : []),
        "run",
        "build",
        "-w",
        "@procure/web",
        "--",
        "--outDir",
        resolve(repoRoot, outdir),
        "--emptyOutDir",
        ...(quiet ? ["--logLevel", "warn"] : []),
      ];
      const result = spawnSync("npm", args, { cwd: repoRoot, stdio: "inherit" });
      if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status ?? result.signal})`);
    },
  },
  server: {
    label: "server",
    outdir: "dist/server",
    entry: "start.mjs",
    inputs: { paths: [...shared, ...workspaceDirs().filter((dir) => dir !== "web")] },
    build: (outdir) => bundle("server", outdir),
  },
} satisfies Record<string, BuildTarget>;

export type BuildName = keyof typeof buildTargets;

/**
 * Builds a target and stamps its output with the inputs it was made from. With `ifChanged`, a build whose stamp
 * matches the inputs as they are now (and whose output is all there) is skipped. The stamp is taken before the
 * build, so an input edited while it runs makes the next one build again, and it is cleared first, so a build that
 * fails halfway never leaves a stamp that vouches for its output.
 */
export async function buildTarget(
  target: BuildTarget,
  {
    ifChanged = false,
    quiet = false,
    outdir = target.outdir,
    root = repoRoot,
    onBuild,
  }: { ifChanged?: boolean; quiet?: boolean; outdir?: string; root?: string; onBuild?: () => void } = {},
): Promise<"built" | "skipped"> {
  const dir = resolve(root, outdir);
  const stamp = inputStamp(root, target.inputs);
  if (ifChanged && readStamp(dir) === stamp && existsSync(join(dir, target.entry))) return "skipped";
  onBuild?.();
  clearStamp(dir);
  await target.build(dir, { quiet });
  writeStamp(dir, stamp);
  return "built";
}
