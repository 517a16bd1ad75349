import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inputFiles, inputStamp, type BuildInputs } from "./input-stamp.ts";

let root: string;
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};
const inputs: BuildInputs = { paths: ["package-lock.json", "web", "contracts"], environment: /^VITE_\w+$/ };
const stamp = (env: NodeJS.ProcessEnv = {}) => inputStamp(root, inputs, env);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "procure-stamp-"));
  write("package-lock.json", '{"lockfileVersion":3}');
  write("web/src/main.tsx", "render(<App />)");
  write("web/vite.config.ts", "export default {}");
  write("contracts/src/index.ts", "export const x = 1;");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("a build's input stamp", () => {
  it("is the same for the same inputs", () => {
    expect(stamp()).toBe(stamp());
  });

  it("changes when a source, a config or the lockfile changes", () => {
    for (const [path, content] of [
      ["web/src/main.tsx", "render(<Other />)"],
      ["web/vite.config.ts", "export default { build: {} }"],
      ["contracts/src/index.ts", "export const x = 2;"],
      ["package-lock.json", '{"lockfileVersion":3,"packages":{}}'],
    ] as const) {
      const before = stamp();
      write(path, content);
      expect(stamp(), path).not.toBe(before);
    }
  });

  it("changes when a file is added, removed or renamed", () => {
    const before = stamp();
    write("web/src/extra.ts", "");
    const added = stamp();
    expect(added).not.toBe(before);
    renameSync(join(root, "web/src/extra.ts"), join(root, "web/src/renamed.ts"));
    expect(stamp()).not.toBe(added);
    rmSync(join(root, "web/src/renamed.ts"));
    expect(stamp()).toBe(before);
  });

  it("changes with the environment variables the build reads, and only those", () => {
    const before = stamp({ HOME: "/a" });
    expect(stamp({ HOME: "/b" })).toBe(before);
    expect(stamp({ HOME: "/a", VITE_DEV_API: "http://x" })).not.toBe(before);
  });

  it("leaves out tests, installed packages, build output and dot-folders", () => {
    const before = stamp();
    write("web/src/main.unit.test.tsx", "it()");
    write("contracts/src/index.int.test.ts", "it()");
    write("web/node_modules/react/index.js", "");
    write("web/dist/index.html", "<html>");
    write("web/.cache/x", "");
    expect(stamp()).toBe(before);
    expect(inputFiles(root, inputs.paths)).toEqual(["contracts/src/index.ts", "package-lock.json", "web/src/main.tsx", "web/vite.config.ts"]);
  });
});
