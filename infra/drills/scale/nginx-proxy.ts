import { spawn } from "node:child_process";
import { createConnection } from "node:net";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../src/testing/child-process.ts";
import { freePort } from "../../src/testing/free-port.ts";

/**
 * The compose file's nginx (deploy/nginx.conf) on loopback: the same upstream, websocket and retry rules, with
 * the two API processes' ports for api-1 and api-2, a free port to listen on, and its pid, logs and temporary
 * files in `dir`. A change to the deployed config is what the drill runs.
 */
export function loopbackNginxConfig(deployed: string, listenPort: number, backends: readonly number[], dir: string): string {
  let config = replaceOnce(deployed, /^\s*server api-1:3000 (.*);\n\s*server api-2:3000 .*;\n/m, (rule) =>
    backends.map((port) => `    server 127.0.0.1:${port} ${rule};\n`).join(""),
  );
  config = replaceOnce(config, /listen 80;/, () => `listen 127.0.0.1:${listenPort};`);
  // Everything nginx writes goes to the drill's directory, so it runs beside the machine's own nginx, as any user.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`).join("\n");
  config = replaceOnce(config, /^http \{\n/m, () => `http {\n  access_log off;\n${temp}\n`);
  return `pid ${join(dir, "nginx.pid")};\nerror_log stderr warn;\n${config}`;
}

function replaceOnce(text: string, pattern: RegExp, by: (match: string) => string): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update the drill's proxy`);
  return text.replace(pattern, (_whole, group?: string) => by(typeof group === "string" ? group : match[0]));
}

/** nginx in the foreground, as a child process, in front of `backends` (ports on 127.0.0.1). */
export async function startNginx(dir: string, backends: readonly number[]) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, loopbackNginxConfig(readFileSync(join(repoRoot, "deploy/nginx.conf"), "utf8"), port, backends, dir));
  const child = spawn("nginx", ["-e", "stderr", "-p", dir, "-c", configFile, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // Its log of each refused connection during the drill's kills: the last lines are what a failure needs.
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  // nginx says nothing when it starts well: it is up once its port takes a connection.
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, configFile, pid: child.pid!, output: () => output, stop };
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
