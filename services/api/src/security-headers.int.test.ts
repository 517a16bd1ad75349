import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";

let dev: TestApp;
let production: TestApp;
beforeAll(async () => {
  dev = await startTestApp("hdrdev");
  // A built client with a source map, as `npm run build:web` leaves it.
  const dist = join(dev.services.dataDir, "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), '<!doctype html><script src="/theme-init.js"></script><div id="root"></div>');
  writeFileSync(join(dist, "assets", "app.js"), "console.log(1)\n//# sourceMappingURL=app.js.map");
  writeFileSync(join(dist, "assets", "app.js.map"), '{"version":3,"sources":["secret-source.ts"]}');
  production = await startTestApp("hdrprod", { NODE_ENV: "production", WEB_DIST: dist });
});
afterAll(async () => {
  await dev?.stop();
  await production?.stop();
});

describe("security headers", () => {
  it("send a CSP that allows no inline script", async () => {
    const answer = await production.call("GET", "/");
    const csp = String(answer.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
  });

  it("come with every answer, the API's and its errors included", async () => {
    for (const answer of [await dev.call("GET", "/api/health"), await dev.call("GET", "/api/requests"), await production.call("GET", "/")]) {
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(answer.headers["strict-transport-security"]).toContain("max-age=");
      expect(String(answer.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
    }
  });

  it("mark answers that carry a token or a temporary password as not storable", async () => {
    const signup = await dev.call("POST", "/api/auth/signup", { body: { email: "h@example.com", password: "secret-pass-4821", role: "admin" } });
    expect(signup.headers["cache-control"]).toBe("no-store");
    const login = await dev.call("POST", "/api/auth/login", { body: { email: "h@example.com", password: "secret-pass-4821" } });
    expect(login.headers["cache-control"]).toBe("no-store");
    const invite = await dev.call("POST", "/api/users", { token: signup.json().token, body: { email: "i@example.com", role: "buyer" } });
    expect(invite.json().temporaryPassword).toBeDefined();
    expect(invite.headers["cache-control"]).toBe("no-store");
  });

  it("in production serve no source map and keep the API description behind sign-in", async () => {
    expect((await production.call("GET", "/assets/app.js")).statusCode).toBe(200);
    const map = await production.call("GET", "/assets/app.js.map");
    expect(map.body).not.toContain("secret-source");

    expect((await production.call("GET", "/api/docs/json")).statusCode).toBe(401);
    const signup = await production.call("POST", "/api/auth/signup", { body: { email: "p@example.com", password: "secret-pass-4821", role: "admin" } });
    const described = await production.call("GET", "/api/docs/json", { token: signup.json().token });
    expect(described.statusCode).toBe(200);
    expect(described.json().openapi).toMatch(/^3\./);

    // Development keeps it open for whoever runs the product locally.
    expect((await dev.call("GET", "/api/docs/json")).statusCode).toBe(200);
  });
});
