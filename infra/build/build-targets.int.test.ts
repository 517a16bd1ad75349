import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildTarget, buildTargets, type BuildTarget } from "./build-targets.ts";
import { readStamp } from "./input-stamp.ts";

const scratch = mkdtempSync(join(tmpdir(), "procure-build-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("npm start's server build", () => {
  it("is skipped while its inputs are unchanged, and runs again after any change", async () => {
    // The real server bundle, with one more input the test may edit: a source file of the checkout stands in for it.
    const extra = join(scratch, "extra-input.ts");
    writeFileSync(extra, "export const a = 1;\n");
    const target: BuildTarget = { ...buildTargets.server, inputs: { paths: [...buildTargets.server.inputs.paths, extra] } };
    const outdir = join(scratch, "server");
    const start = join(outdir, "start.mjs");

    expect(await buildTarget(target, { ifChanged: true, outdir })).toBe("built");
    const builtAt = statSync(start).mtimeMs;
    const stamp = readStamp(outdir);
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);

    expect(await buildTarget(target, { ifChanged: true, outdir })).toBe("skipped");
    expect(statSync(start).mtimeMs).toBe(builtAt);

    writeFileSync(extra, "export const a = 2;\n");
    expect(await buildTarget(target, { ifChanged: true, outdir })).toBe("built");
    expect(readStamp(outdir)).not.toBe(stamp);
    expect(await buildTarget(target, { ifChanged: true, outdir })).toBe("skipped");

    // Output that went missing is built again whatever the stamp says; a build asked for directly always runs.
    rmSync(start);
    expect(await buildTarget(target, { ifChanged: true, outdir })).toBe("built");
    expect(await buildTarget(target, { outdir })).toBe("built");
  });
});
