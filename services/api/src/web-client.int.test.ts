import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gunzipSync } from "node:zlib";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";

/** A built client as Vite lays it out: the page, and content-hashed assets under assets/. */
const dist = mkdtempSync(join(tmpdir(), "procure-web-dist-"));
const script = `console.log(${JSON.stringify("procure ".repeat(2_000))});`;
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), `<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a1c.js"></script></body></html>`);
writeFileSync(join(dist, "assets", "app-3f9a1c.js"), script);
/** The build writes text files beside themselves compressed at the highest level; the server sends those as they are. */
const style = `.row{display:flex}`.repeat(500);
const styleBrotli = brotliCompressSync(style, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
writeFileSync(join(dist, "assets", "app-77e0b2.css"), style);
writeFileSync(join(dist, "assets", "app-77e0b2.css.br"), styleBrotli);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp("webclient", { WEB_DIST: dist });
});
afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe("the built client", () => {
  it("sends hashed assets compressed and cacheable for good", async () => {
    const res = await t.call("GET", "/assets/app-3f9a1c.js", { headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it("sends the build's precompressed file when the browser accepts its encoding", async () => {
    const res = await t.call("GET", "/assets/app-77e0b2.css", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Buffer.compare(res.rawPayload, styleBrotli)).toBe(0);
    const plain = await t.call("GET", "/assets/app-77e0b2.css", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(style);
  });

  it("answers 404, not the page, for an asset the build does not have (a tab of an earlier release asking)", async () => {
    const gone = await t.call("GET", "/assets/approvals-0ld0ne.js");
    expect(gone.statusCode).toBe(404);
    expect(gone.headers["content-type"]).toContain("application/json");
    expect(gone.body).not.toContain('<div id="root">');
    // Client routes still get the page.
    expect((await t.call("GET", "/app/approvals")).body).toContain('<div id="root">');
  });

  it("has every tab revalidate the page, so a deploy reaches it on the next navigation", async () => {
    for (const path of ["/", "/app/requests"]) {
      const res = await t.call("GET", path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain('<div id="root">');
    }
  });
});
