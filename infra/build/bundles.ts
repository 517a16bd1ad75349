import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { repoRoot } from "../src/testing/child-process.ts";

/**
 * `npm run build:server` (and the bench) bundle the server into plain JavaScript under `dist/`: Node then runs it
 * without compiling TypeScript as it loads, which saves the TypeScript loader's memory (about 80 MiB) and start-up
 * time. The workspace's own packages are bundled; npm packages stay external and load from node_modules. Each
 * worker thread's module is an entry of its own, beside the entry that starts it (see `siblingModule`).
 */
export const bundleTargets = {
  // The operator's commands too: the image runs them (migrate before an upgrade, rebuild, verify-chain,
  // move-files) with no TypeScript loader.
  server: {
    outdir: "dist/server",
    entries: [
      "infra/src/start.ts",
      "infra/src/background/thread-main.ts",
      "infra/src/migrate-command.ts",
      "infra/src/rebuild-command.ts",
      "infra/src/move-files-command.ts",
      "infra/src/verify-chain-command.ts",
    ],
  },
  bench: {
    outdir: "dist/bench",
    entries: [
      "infra/bench/run.ts",
      "infra/bench/live-client.ts",
      "infra/bench/load-client.ts",
      "infra/bench/seed-process.ts",
      "infra/bench/ordered-read-process.ts",
      "infra/src/background/thread-main.ts",
    ],
  },
} as const;

/** Every npm package any workspace depends on: left to node_modules, never bundled. */
function npmPackages(): string[] {
  const manifests = ["package.json", ...workspaceDirs().map((dir) => join(dir, "package.json"))];
  const names = new Set<string>();
  for (const manifest of manifests) {
    const json = JSON.parse(readFileSync(join(repoRoot, manifest), "utf8")) as Record<string, Record<string, string> | undefined>;
    for (const name of Object.keys({ ...json.dependencies, ...json.devDependencies })) if (!name.startsWith("@procure/")) names.add(name);
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/** The workspace folders, from the root manifest. */
export function workspaceDirs(): string[] {
  return (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { workspaces: string[] }).workspaces;
}

export type BundleName = keyof typeof bundleTargets;

/** Bundles one target into its folder under `dist/`, or into `outdir`. */
export async function bundle(name: BundleName, outdir?: string): Promise<void> {
  const target = bundleTargets[name];
  await build({
    absWorkingDir: repoRoot,
    entryPoints: [...target.entries],
    // Inside the checkout: the bundle finds its npm packages in the node_modules folders above it.
    outdir: outdir ?? target.outdir,
    outExtension: { ".js": ".mjs" },
    entryNames: "[name]",
    // Code shared by entries, and the API's app loaded by import() only where HTTP is served, in chunks of their own:
    // a background thread or a command then never loads the app, nor the npm packages only the app imports.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    external: npmPackages(),
    logLevel: "warning",
  });
}
