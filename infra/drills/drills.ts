import { spawnUntil } from "../src/testing/child-process.ts";
import { createStreamUsers, runCommandStream, type StreamAnswer } from "../src/testing/command-stream.ts";
import { readBackEachAnswer, type ReadBacks } from "../src/faults/read-back.ts";
import { createTestServices } from "../src/testing/test-services.ts";
import { checkAfterDrill, CheckFailed, type Outcomes } from "./checks.ts";
import { startPrivatePostgres } from "../src/testing/private-postgres.ts";
import { startStack, type Part, type Stack } from "./stack.ts";
import { checkpointsReachTheHead } from "./checkpoints-converge.ts";
import { runScaleDrill } from "./scale/scale-drill.ts";

/** `failed`: checks that did not hold while the drill went on to its others (the drill then counts as failed). */
export type DrillReport = { did: string[]; checked: string[]; failed?: string[] };
export type Drill = { name: string; run: () => Promise<DrillReport> };

/**
 * Sets up a fresh database and stack, runs `during` with a command stream, waits for the faults it queued to be
 * over (a part restarting after the stream ended would race the checks), then checks what every drill checks.
 */
async function withStack(
  label: string,
  layout: Partial<Record<Part, number>>,
  commands: number,
  faults: FaultQueue,
  during: (stack: Stack, done: number) => void,
  {
    databaseUrl,
    onAnswer,
    whileQuiet,
  }: {
    databaseUrl?: string;
    onAnswer?: (url: () => string) => (answer: StreamAnswer) => Promise<void>;
    /** Checks made once the stream and its faults are over, while the product still runs. */
    whileQuiet?: (stack: Stack) => Promise<string[]>;
  } = {},
): Promise<{ outcomes: Outcomes; checked: string[] }> {
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  const services = await createTestServices(label);
  if (databaseUrl) process.env.DATABASE_URL = saved;
  const stack = await startStack(services.env, services.dataDir, layout);
  try {
    const tokens = await createStreamUsers(stack.url);
    const url = () => stack.url;
    const outcomes = await runCommandStream(url, tokens, commands, { onProgress: (done) => during(stack, done), onAnswer: onAnswer?.(url) });
    await faults.settled();
    const quiet = whileQuiet ? await whileQuiet(stack) : [];
    return { outcomes, checked: [...quiet, ...(await checkAfterDrill(stack, outcomes, commands))] };
  } finally {
    await faults.settled().catch(() => {});
    await stack.stopAll();
    await services.cleanup().catch(() => {});
  }
}

type FaultQueue = { add: (fault: () => Promise<unknown>) => Promise<unknown>; settled: () => Promise<unknown> };

/** Runs one fault at a time, in the order the stream reaches each trigger. */
function faultQueue(): FaultQueue {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    add: (fault: () => Promise<unknown>) => (chain = chain.then(fault)),
    settled: () => chain,
  };
}

const killEachPart: Drill = {
  name: "SIGKILL the relay, the projector and the API five times each under load",
  async run() {
    const did: string[] = [];
    const parts: Part[] = ["relay", "projector", "api"];
    const faults = faultQueue();
    const triggers = new Map(Array.from({ length: 15 }, (_, k) => [100 + k * 100, parts[k % 3]!]));
    const { outcomes, checked } = await withStack("drillkill", { api: 1, projector: 1, relay: 1 }, 1_700, faults, (stack, done) => {
      const part = triggers.get(done);
      if (part) faults.add(() => stack.killAndRestart(part).then(() => did.push(`SIGKILL ${part} after ${done} commands, restarted`)));
    });
    await faults.settled();
    return { did: [...did, `${outcomes.retries} client retries with the same Idempotency-Key`], checked };
  },
};

const readBackUnderKills: Drill = {
  name: "read-back under SIGKILL: every read right after an acknowledged answer, replays included, sees the write",
  async run() {
    const did: string[] = [];
    const parts: Part[] = ["relay", "projector", "api"];
    const faults = faultQueue();
    const triggers = new Map(Array.from({ length: 9 }, (_, k) => [100 + k * 120, parts[k % 3]!]));
    let seen: ReadBacks | null = null;
    const onAnswer = (url: () => string) => {
      const readBack = readBackEachAnswer(url);
      seen = readBack.seen;
      return readBack.onAnswer;
    };
    const { outcomes, checked } = await withStack(
      "drillreadback",
      { api: 1, projector: 1, relay: 1 },
      1_200,
      faults,
      (stack, done) => {
        const part = triggers.get(done);
        if (part) faults.add(() => stack.killAndRestart(part).then(() => did.push(`SIGKILL ${part} after ${done} commands, restarted`)));
      },
      { onAnswer },
    );
    await faults.settled();
    const { reads, replays, retriedReads, missed } = seen!;
    if (missed.length > 0) throw new CheckFailed(`${missed.length} of ${reads} read-backs missed the write they followed: ${missed.slice(0, 5).join("; ")}`);
    return {
      did: [...did, `${outcomes.retries} command retries with the same Idempotency-Key`, `${replays} answered commands sent again with their key`],
      checked: [...checked, `all ${reads} reads made right after an answer, with its X-Procure-Position, saw the write (${retriedReads} told to retry)`],
    };
  },
};

const twoOfEach: Drill = {
  name: "two projectors and two relays for a minute",
  async run() {
    const started = Date.now();
    const minuteMs = Number(process.env.DRILL_MINUTE_MS ?? 60_000);
    let commands = 0;
    const checked: string[] = [];
    // One long stream sized from the first second's pace would overshoot on a busy machine; rounds keep it bounded.
    const services = await createTestServices("drilltwo");
    const stack = await startStack(services.env, services.dataDir, { api: 1, projector: 2, relay: 2 });
    try {
      const tokens = await createStreamUsers(stack.url);
      const total: Outcomes = { created: 0, commented: 0, decided: 0, retries: 0 };
      while (Date.now() - started < minuteMs) {
        const round = await runCommandStream(() => stack.url, tokens, 250);
        for (const key of Object.keys(total) as (keyof Outcomes)[]) total[key] += round[key];
        commands += 250;
      }
      checked.push(...(await checkAfterDrill(stack, total, commands)));
    } finally {
      await stack.stopAll();
      await services.cleanup().catch(() => {});
    }
    return { did: [`${commands} commands over ${Math.round((Date.now() - started) / 1000)} s with two copies of the projector and the relay`], checked };
  },
};

const rebuildWhileLive: Drill = {
  name: "rebuild while live",
  async run() {
    const did: string[] = [];
    const faults = faultQueue();
    const { checked } = await withStack(
      "drillrebuild",
      { all: 1 },
      1_200,
      faults,
      (stack, done) => {
        if (done !== 300) return;
        faults.add(async () => {
          const rebuild = await spawnUntil(process.execPath, ["--import", "tsx", "infra/src/rebuild-command.ts", "all"], {
            env: stack.env,
            ready: /Rebuilt all projections/,
            timeoutMs: 300_000,
          });
          const code = await rebuild.exited;
          if (code !== 0) throw new Error(`npm run rebuild exited with ${code}`);
          did.push(`npm run rebuild -- all after ${done} commands, while commands went on: ${rebuild.output().trim()}`);
        });
      },
      { whileQuiet: (stack) => checkpointsReachTheHead(stack.env, 10_000) },
    );
    await faults.settled();
    return { did, checked };
  },
};

function natsOutage(kind: "stopped" | "killed" | "wiped"): Drill {
  return {
    name: `NATS ${kind} under load`,
    async run() {
      const did: string[] = [];
      const faults = faultQueue();
      const { outcomes, checked } = await withStack(`drillnats${kind}`, { all: 1 }, 800, faults, (stack, done) => {
        if (done !== 200) return;
        faults.add(async () => {
          await stack.stopNats(kind === "stopped" ? "SIGTERM" : "SIGKILL");
          await new Promise((r) => setTimeout(r, 3_000));
          await stack.startNats({ wipe: kind === "wiped" });
          did.push(
            `NATS ${kind === "stopped" ? "stopped (SIGTERM)" : kind === "killed" ? "killed (SIGKILL)" : "killed and its data directory deleted"} after ${done} commands, back 3 s later`,
          );
        });
      });
      await faults.settled();
      return { did: [...did, `${outcomes.retries} client retries`], checked };
    },
  };
}

const postgresStopped: Drill = {
  name: "Postgres stopped under load (a private cluster)",
  async run() {
    const did: string[] = [];
    const postgres = await startPrivatePostgres();
    try {
      const faults = faultQueue();
      const { outcomes, checked } = await withStack(
        "drillpg",
        { all: 1 },
        800,
        faults,
        (_stack, done) => {
          if (done !== 200) return;
          faults.add(async () => {
            postgres.stop("immediate");
            await new Promise((r) => setTimeout(r, 3_000));
            postgres.start();
            did.push(`private Postgres stopped (immediate) after ${done} commands, started 3 s later`);
          });
        },
        { databaseUrl: postgres.url },
      );
      await faults.settled();
      const seen = outcomes.retries > 0 ? `${outcomes.retries} retries after 503s or dropped connections` : "no retries were needed";
      return { did: [...did, seen], checked: [...checked, "every command committed during the outage was answered as committed on retry"] };
    } finally {
      postgres.remove();
    }
  },
};

const scale: Drill = {
  name: "scale: two API processes behind nginx, a three-node NATS cluster, SIGTERM and SIGKILL, thousands of live sockets",
  run: () => runScaleDrill(),
};

export const drills: Drill[] = [
  killEachPart,
  readBackUnderKills,
  twoOfEach,
  rebuildWhileLive,
  natsOutage("stopped"),
  natsOutage("killed"),
  natsOutage("wiped"),
  postgresStopped,
  scale,
];
