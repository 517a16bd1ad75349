import { buildTarget, buildTargets, type BuildName } from "./build-targets.ts";

// `tsx infra/build/build.ts web|server… [--if-changed]`: `npm run build:web` and `build:server` always build;
// `npm start` passes --if-changed and skips a build whose inputs are as they were at the last one.
const args = process.argv.slice(2);
const ifChanged = args.includes("--if-changed");
const names = args.filter((arg) => arg !== "--if-changed");
if (names.length === 0 || names.some((name) => !(name in buildTargets))) {
  console.error(`usage: tsx infra/build/build.ts ${Object.keys(buildTargets).join("|")}… [--if-changed]`);
  process.exit(2);
}
for (const name of names as BuildName[]) {
  const target = buildTargets[name];
  // `npm start`'s console says what it builds, not every file the build wrote, so the start's own lines stay in view.
  const onBuild = ifChanged ? () => console.log(`Building the ${target.label}…`) : undefined;
  const outcome = await buildTarget(target, { ifChanged, quiet: ifChanged, onBuild });
  if (outcome === "skipped") console.log(`The ${target.label}'s sources are unchanged since its last build: not building it again.`);
}
