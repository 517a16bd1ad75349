import { bundle, bundleTargets, type BundleName } from "./bundles.ts";

// `tsx infra/build/bundle.ts server|bench [--outdir dir]`: one bundle, always built (see build.ts for `npm start`'s).
const [name, flag, dir] = process.argv.slice(2) as [BundleName, string?, string?];
if (!(name in bundleTargets) || (flag !== undefined && (flag !== "--outdir" || !dir))) {
  console.error(`usage: tsx infra/build/bundle.ts ${Object.keys(bundleTargets).join("|")} [--outdir dir]`);
  process.exit(2);
}
await bundle(name, dir);
