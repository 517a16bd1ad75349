import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";

/** A client built with source maps, each also compressed beside itself as the build does for its text files. */
const dist = mkdtempSync(join(tmpdir(), "procure-web-maps-"));
const map = JSON.stringify({ version: 3, sources: ["src/secret-source.ts"], sourcesContent: ["export const internal = 1;".repeat(100)] });
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), `<!doctype html><div id="root"></div><script src="/assets/app-3f9a1c.js"></script>`);
writeFileSync(join(dist, "assets", "app-3f9a1c.js"), "console.log(1)\n//# sourceMappingURL=app-3f9a1c.js.map");
for (const name of ["app-3f9a1c.js.map", "app-77e0b2.css.map"]) {
  writeFileSync(join(dist, "assets", name), map);
  writeFileSync(join(dist, "assets", `${name}.br`), brotliCompressSync(map));
  writeFileSync(join(dist, "assets", `${name}.gz`), gzipSync(map));
}
const mapPaths = ["app-3f9a1c.js.map", "app-77e0b2.css.map"].flatMap((name) => [`/assets/${name}`, `/assets/${name}.br`, `/assets/${name}.gz`]);
const encodings = ["identity", "gzip", "br", "gzip, deflate, br"];

let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  production = await startTestApp("mapsprod", { NODE_ENV: "production", WEB_DIST: dist });
  development = await startTestApp("mapsdev", { WEB_DIST: dist });
});
afterAll(async () => {
  await production?.stop();
  await development?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe("source maps", () => {
  it("are not served by a production start, in any encoding or under their compressed names", async () => {
    expect((await production.call("GET", "/assets/app-3f9a1c.js")).statusCode).toBe(200);
    for (const path of mapPaths) {
      for (const encoding of encodings) {
        for (const method of ["GET", "HEAD"]) {
          const answer = await production.call(method, path, { headers: { "accept-encoding": encoding } });
          expect(answer.statusCode, `${method} ${path} (${encoding})`).toBe(404);
          expect(answer.rawPayload.toString("latin1")).not.toContain("secret-source");
        }
      }
    }
  });

  it("are still served in development, where they help", async () => {
    const answer = await development.call("GET", "/assets/app-3f9a1c.js.map");
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("secret-source");
  });
});
