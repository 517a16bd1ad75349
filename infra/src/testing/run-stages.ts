import { spawn } from "node:child_process";

/**
 * `tsx infra/src/testing/run-stages.ts <npm script>…`: runs the scripts one after another, as `npm test` did with
 * `&&`, stopping at the first that fails, then prints each stage's wall time and the test counts its runner gave,
 * so a slow or shrinking stage shows in every run's output.
 */
type Stage = { name: string; seconds: number; ok: boolean; counts: string[] };

// eslint-disable-next-line no-control-regex -- colour codes are exactly what this removes
const ANSI = /\u001b\[[0-9;]*m/g;
const COUNT_LINE = /^\s*(Test Files|Tests)\s+\d/;

function runStage(name: string): Promise<Stage> {
  const started = performance.now();
  const counts: string[] = [];
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["inherit", "pipe", "inherit"] });
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const plain = line.replace(ANSI, "");
        if (COUNT_LINE.test(plain)) counts.push(plain.trim().replace(/\s+/g, " "));
      }
    });
    child.on("close", (code) => resolve({ name, seconds: (performance.now() - started) / 1000, ok: code === 0, counts }));
  });
}

const stages: Stage[] = [];
for (const name of process.argv.slice(2)) {
  console.log(`\n== ${name} ==`);
  const stage = await runStage(name);
  stages.push(stage);
  if (!stage.ok) break;
}

console.log("\n== Stages ==");
for (const stage of stages) {
  const counts = stage.counts.length ? `  ${stage.counts.join("; ")}` : "";
  console.log(`${stage.ok ? "ok  " : "FAIL"} ${stage.name.padEnd(14)} ${stage.seconds.toFixed(0).padStart(5)} s${counts}`);
}
const tally = { passed: 0, failed: 0, skipped: 0 };
for (const line of stages.flatMap((stage) => stage.counts).filter((count) => count.startsWith("Tests "))) {
  for (const key of Object.keys(tally) as (keyof typeof tally)[]) tally[key] += Number(new RegExp(`(\\d+) ${key}`).exec(line)?.[1] ?? 0);
}
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exitCode = stages.every((stage) => stage.ok) && stages.length === process.argv.length - 2 ? 0 : 1;
