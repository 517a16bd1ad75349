// `npm run dev`: the API (embedded defaults unless configured) and Vite's dev server with hot reload, together.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "infra/src/start.ts"], { stdio: "inherit", env: process.env }),
  spawn("npm", ["run", "dev", "-w", "@procure/web"], { stdio: "inherit", env: process.env }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
