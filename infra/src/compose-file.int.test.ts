import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./testing/child-process.ts";

const hasCompose = spawnSync("docker-compose", ["--version"]).status === 0;
const dir = mkdtempSync(join(tmpdir(), "procure-compose-"));
mkdirSync(join(dir, "deploy"));
copyFileSync(join(repoRoot, "docker-compose.yml"), join(dir, "docker-compose.yml"));
copyFileSync(join(repoRoot, "deploy/nginx.conf"), join(dir, "deploy/nginx.conf"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `docker-compose` (Debian's, which CI installs) on a copy of the compose file beside an `.env` of the test's. */
function compose(env: string, args: string[]) {
  writeFileSync(join(dir, ".env"), env, { mode: 0o600 });
  return spawnSync("docker-compose", args, { cwd: dir, encoding: "utf8" });
}

// Without docker-compose there is nothing to ask: CI installs it, so there this always runs.
describe.skipIf(!hasCompose)("docker-compose.yml", () => {
  const env = "JWT_SECRET=0123456789abcdef0123456789abcdef\nPOSTGRES_PASSWORD=s3cret-pw\nPUBLIC_URL=https://procure.example.com\n";

  it("is a compose file docker-compose accepts, with every part of the deployment shape", () => {
    const checked = compose(env, ["config", "-q"]);
    expect(checked.stderr).toBe("");
    expect(checked.status).toBe(0);
    const services = compose(env, ["config", "--services"]).stdout.trim().split("\n").sort();
    expect(services).toEqual(
      ["api-1", "api-2", "migrate", "nats-1", "nats-2", "nats-3", "notifier", "postgres", "projector", "proxy", "relay", "webhooks"].sort(),
    );
    const resolved = compose(env, ["config"]).stdout;
    // The secret reaches the processes from .env, and the stream is kept on all three NATS servers.
    expect(resolved).toContain("postgres://procure:s3cret-pw@postgres:5432/procure");
    expect(resolved).toContain("NATS_STREAM_REPLICAS: '3'");
    expect(resolved).toContain("nats://nats-1:4222,nats://nats-2:4222,nats://nats-3:4222");
  });

  it("refuses to start without the database password in .env", () => {
    const refused = compose("JWT_SECRET=0123456789abcdef0123456789abcdef\n", ["config", "-q"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("set POSTGRES_PASSWORD in .env");
  });

  it("builds the image with the commands CI and npm start run", () => {
    const dockerfile = readFileSync(join(repoRoot, "Dockerfile"), "utf8");
    for (const step of ["npm ci", "npm run build:web", "npm run build:server"]) expect(dockerfile).toContain(step);
  });
});
