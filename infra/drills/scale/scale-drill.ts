import { createHash } from "node:crypto";
import pg from "pg";
import { createStreamUsers, runCommandStream, sendCommand, waitForProjections, type StreamAnswer, type StreamUsers } from "../../src/testing/command-stream.ts";
import { createTestServices } from "../../src/testing/test-services.ts";
import { checkAfterDrill, type Outcomes } from "../checks.ts";
import { percentiles } from "../../bench/stats.ts";
import { startScaleStack, type ScaleStack } from "./scale-stack.ts";
import { LATENCY_CEILING_MS, startSocketFleet, wallClock, type FleetReport, type SocketFleet } from "./socket-fleet.ts";

/**
 * What the drill found: lines for the report, the checks that did not hold (the drill goes on to its others), and
 * those checks' names, for a test to tell them apart.
 */
export type Findings = { did: string[]; checked: string[]; failed: string[]; failedChecks: string[] };

/**
 * How big the drill is: 2,000 sockets at 100 commands a second for 30 s in the last phase, and 400 commands through
 * each fault, unless told otherwise (CI runs a small version).
 */
export type ScaleSettings = { sockets: number; rate: number; seconds: number; commands: number };
export const scaleSettings = (env: NodeJS.ProcessEnv = process.env): ScaleSettings => ({
  sockets: Number(env.SCALE_SOCKETS ?? 2_000),
  rate: Number(env.SCALE_RATE ?? 100),
  seconds: Number(env.SCALE_SECONDS ?? 30),
  commands: Number(env.SCALE_COMMANDS ?? 400),
});

/** A long drill says where it is, on stderr, as it goes. */
const progress = (line: string) => process.stderr.write(`   .. ${line}\n`);

/** A user's sockets stay within the API's ten per user and process whatever the proxy's choice of process. */
const SOCKETS_PER_USER = 10;
const PASSWORD = "secret-pass-4821";

export async function runScaleDrill(settings: ScaleSettings = scaleSettings()): Promise<Findings> {
  const findings: Findings = { did: [], checked: [], failed: [], failedChecks: [] };
  const check: Check = (name, holds, line) => {
    (holds ? findings.checked : findings.failed).push(line);
    if (!holds) findings.failedChecks.push(name);
  };
  const services = await createTestServices("drillscale");
  let stack: ScaleStack | null = null;
  const fleets: SocketFleet[] = [];
  const fleet = () => {
    const started = startSocketFleet();
    fleets.push(started);
    return started;
  };
  try {
    stack = await startScaleStack(services.env, services.dataDir);
    findings.did.push(
      `three nats-server processes in one JetStream cluster (stream R3), two API processes (own DATA_DIR each) behind the deployed ` +
        `nginx config, relay, projector, webhooks and notifier as processes of their own, one fresh database`,
    );
    progress("users");
    const tokens = await createStreamUsers(stack.url);
    const buyer = await createUser(stack, tokens.admin, "buyer", "buyer@stream.test", 0);
    const watchers = await createWatchers(stack, tokens.admin, Math.ceil(Math.max(settings.sockets, 40) / SOCKETS_PER_USER));
    const totals: Outcomes & { orders: number; commands: number } = { created: 0, commented: 0, decided: 0, retries: 0, orders: 0, commands: 0 };
    const stream = async (count: number, options: Parameters<typeof runCommandStream>[3] = {}) => {
      const outcomes = await runCommandStream(() => stack!.url, tokens, count, options);
      for (const key of ["created", "commented", "decided", "retries"] as const) totals[key] += outcomes[key];
      totals.commands += count;
      return outcomes;
    };
    /** Each approval answered is followed by the buyer's order for it; each creation is told to the socket fleet. */
    const clientFleet = (sockets: SocketFleet | null) => async (answer: StreamAnswer) => {
      if (answer.path === "/api/requests" && answer.json.id) sockets?.sent(answer.json.id, wallClock());
      if (answer.path.endsWith("/approve") && answer.status === 200) {
        const requestId = answer.path.split("/")[3]!;
        const order = await sendCommand(() => stack!.url, "POST", "/api/orders", buyer, { total: 10, vendor_name: "Scale Ltd", request_id: requestId });
        if (order.status !== 201) throw new Error(`order answered ${order.status}`);
        totals.orders++;
      }
    };

    progress("live sockets on each API process");
    await eachProcessHearsEverything(stack, watchers, fleet(), stream, clientFleet, findings, check, settings.commands);
    progress("SIGTERM to an API process");
    const afterRestart = await apiTerminated(stack, tokens, watchers, fleet(), stream, clientFleet, findings, check, settings.commands);
    totals.created += afterRestart;
    totals.commands += afterRestart;
    progress("SIGKILL to a NATS server");
    await natsNodeKilled(stack, stream, clientFleet, findings, check, settings.commands);
    progress("a file across processes");
    await fileAcrossProcesses(stack, tokens, findings, check);
    totals.created++;
    totals.commands++;
    progress("limits across processes");
    await limitsAcrossProcesses(stack, tokens.admin, findings, check);
    progress(`${settings.sockets} live sockets at ${settings.rate} commands a second`);
    const scaled = await manySockets(stack, tokens, watchers, fleet(), settings, findings, check);
    totals.created += scaled;
    totals.commands += scaled;
    for (const started of fleets.splice(0)) await started.stop();

    findings.did.push(`${totals.orders} orders placed by the buyer for approved requests; ${totals.retries} client retries with the same Idempotency-Key`);
    progress("the log, the stream and the read models");
    findings.checked.push(...(await checkAfterDrill(stack, totals, totals.commands)));
    return findings;
  } finally {
    for (const started of fleets) await started.stop().catch(() => {});
    await stack?.stopAll();
    await services.cleanup().catch(() => {});
  }
}

type Stream = (count: number, options?: Parameters<typeof runCommandStream>[3]) => ReturnType<typeof runCommandStream>;
type ClientFleet = (sockets: SocketFleet | null) => (answer: StreamAnswer) => Promise<void>;
type Check = (name: string, holds: boolean, line: string) => void;

/** Creates a user through the proxy and signs it in at one API process, from an address of its own. */
async function createUser(stack: ScaleStack, adminToken: string, role: string, email: string, n: number): Promise<string> {
  const created = await sendCommand(() => stack.url, "POST", "/api/users", adminToken, { email, role, password: PASSWORD });
  if (created.status !== 201) throw new Error(`creating ${email} answered ${created.status}`);
  const login = await signIn(stack.apis[n % 2]!.url, email, PASSWORD, clientAddress(n));
  if (login.status !== 200) throw new Error(`signing in ${email} answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** The proxy is one hop (TRUST_PROXY=1): a request straight to a process names its client in X-Forwarded-For. */
const signIn = (apiUrl: string, email: string, password: string, address: string) =>
  fetch(`${apiUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });

/**
 * Buyers, who hear of every request, to hold the live sockets. Not approvers: each approver is also mailed about
 * each request and shown it in their inbox, work that would grow with the sockets and measure that instead.
 */
async function createWatchers(stack: ScaleStack, adminToken: string, count: number): Promise<string[]> {
  const watchers: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const n = next++;
        watchers[n] = await createUser(stack, adminToken, "buyer", `watcher-${n}@stream.test`, n + 1);
      }
    }),
  );
  return watchers;
}

/** Polls the fleet until every owed delivery arrived or the deadline passed. */
async function settledReport(sockets: SocketFleet, timeoutMs = 15_000): Promise<FleetReport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await sockets.report();
    if (Object.keys(report.missedBy).length === 0 || Date.now() > deadline) return report;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const missedLine = (report: FleetReport) =>
  Object.entries(report.missedBy)
    .map(([label, n]) => `${n} on ${label}`)
    .join(", ") || "none";

async function eachProcessHearsEverything(
  stack: ScaleStack,
  watchers: string[],
  sockets: SocketFleet,
  stream: Stream,
  clientFleet: ClientFleet,
  findings: Findings,
  check: Check,
  commands: number,
) {
  const perProcess = 20;
  const specs = stack.apis.flatMap((api, a) =>
    Array.from({ length: perProcess }, (_, i) => ({ url: api.url, token: watchers[(a * perProcess + i) % watchers.length]!, label: api.name })),
  );
  const opened = await sockets.open(specs);
  if (opened.failed) throw new Error(`${opened.failed} live sockets failed to open: ${opened.error}`);
  const outcomes = await stream(commands, { onAnswer: clientFleet(sockets) });
  await waitForProjections(stack.url, 60_000);
  const report = await settledReport(sockets);
  findings.did.push(
    `${perProcess} live sockets opened straight at each API process; ${commands} commands (create, comment, approve or deny, order) through nginx`,
  );
  check(
    "sockets-on-each-process",
    Object.keys(report.missedBy).length === 0 && report.requests === outcomes.created,
    `sockets on api-1 and api-2 each heard all ${report.requests} created requests' invalidations (${report.owed} deliveries owed, missed: ${missedLine(report)})`,
  );
  await sockets.stop();
}

async function apiTerminated(
  stack: ScaleStack,
  tokens: StreamUsers,
  watchers: string[],
  sockets: SocketFleet,
  stream: Stream,
  clientFleet: ClientFleet,
  findings: Findings,
  check: Check,
  commands: number,
) {
  const count = 40;
  const opened = await sockets.open(
    Array.from({ length: count }, (_, i) => ({ url: stack.url, token: watchers[i % watchers.length]!, label: "through nginx" })),
    stack.url,
  );
  if (opened.failed) throw new Error(`${opened.failed} live sockets failed to open: ${opened.error}`);

  // Reads made through the proxy without any retry of the client's own: only the proxy may hide the restart.
  const reads = { made: 0, failed: [] as string[] };
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const status = await fetch(`${stack.url}/api/requests?limit=5`, { headers: { authorization: `Bearer ${tokens.approver}` } }).then(
        (r) => r.status,
        (e: unknown) => String(e),
      );
      reads.made++;
      if (status !== 200) reads.failed.push(String(status));
      // A page polling its list, not a flood: the stream's commands share the two cores.
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  let terminated: ReturnType<ScaleStack["terminateApi"]> | null = null;
  // Draining takes up to SHUTDOWN_GRACE_MS, closing the server a moment more.
  const exitWithinMs = Number(stack.env.SHUTDOWN_GRACE_MS) + 10_000;
  const at = Math.floor(commands / 4);
  const outcomes = await stream(commands, {
    onAnswer: clientFleet(null),
    onProgress: (done) => {
      if (done === at) terminated = stack.terminateApi(0, exitWithinMs);
    },
  });
  const exit = await terminated!;
  reading = false;
  await reader;
  const report = await sockets.report();
  findings.did.push(
    `${count} live sockets through nginx; SIGTERM to api-1 after ${at} of ${commands} commands` +
      (exit.killed ? `; it had not exited ${exit.ms} ms later and was killed` : ` (exit ${exit.code} after ${exit.ms} ms)`) +
      `; reads through nginx all along`,
  );
  check("sigterm-exit", exit.code === 0, `api-1 drained and exited 0 within ${exitWithinMs} ms of SIGTERM (${exit.killed ? "it did not" : `${exit.ms} ms`})`);
  check(
    "sigterm-commands",
    outcomes.created + outcomes.commented + outcomes.decided === commands,
    `all ${commands} commands acknowledged across the restart (${outcomes.retries} client retries with the same Idempotency-Key)`,
  );
  check(
    "sigterm-reads",
    reads.failed.length === 0,
    `${reads.made} reads through nginx, ${reads.failed.length} failed (${[...new Set(reads.failed)].join(", ") || "no client retry needed"})`,
  );
  const movedOver = report.closes["1012"] ?? 0;
  check(
    "sigterm-sockets-back",
    movedOver > 0 && report.reconnects === movedOver && (report.slowestReconnectMs ?? Infinity) <= 2_000 && report.openBy["reconnected"] === movedOver,
    `the ${movedOver} sockets api-1 closed with 1012 were open again through nginx within ${report.slowestReconnectMs} ms (≤ 2,000 ms)`,
  );

  // Once back, the reconnected sockets hear what follows, as the ones that never moved do.
  await sockets.forget();
  const after = 30;
  for (let i = 0; i < after; i++) {
    const sentAt = wallClock();
    const created = await sendCommand(() => stack.url, "POST", "/api/requests", tokens.requester, { title: `After restart ${i}`, amount: 2 });
    if (created.status !== 201 || !created.json.id) throw new Error(`create answered ${created.status}`);
    sockets.sent(created.json.id, sentAt);
  }
  const heard = await settledReport(sockets);
  check(
    "sigterm-sockets-hear",
    Object.keys(heard.missedBy).length === 0 && heard.requests === after,
    `all ${count} sockets, moved or not, heard the ${after} requests created after the restart (missed: ${missedLine(heard)})`,
  );
  await stack.restartApi(0);
  findings.did.push(`api-1 started again on its port; ${after} more requests created`);
  await sockets.stop();
  return after;
}

const mib = (kib: number) => Math.round(kib / 1024);

/** The API processes' RSS as the median of five readings a second apart: one reading may fall mid-collection. */
async function steadyRssKiB(stack: ScaleStack): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    readings.push(stack.apiRssKiB());
  }
  return readings.sort((a, b) => a - b)[2]!;
}

async function eventCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("select count(*) as n from events")).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Polls until `holds` answers true or the deadline passes; answers the last state seen and whether it held. */
async function pollUntil<T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; held: boolean; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (holds(value)) return { value, held: true, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) return { value, held: false, ms: Date.now() - started };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function natsNodeKilled(stack: ScaleStack, stream: Stream, clientFleet: ClientFleet, findings: Findings, check: Check, commands: number) {
  const streamName = stack.env.NATS_STREAM!;
  let killed: Promise<string> | null = null;
  const at = Math.floor(commands / 4);
  const outcomes = await stream(commands, {
    onAnswer: clientFleet(null),
    onProgress: (done) => {
      if (done !== at) return;
      // The stream's leader: the server whose loss makes the others elect a new one while the relay publishes.
      killed = stack.nats.streamState(streamName).then(async ({ leader }) => {
        const name = leader ?? stack.nats.names[0]!;
        await stack.nats.kill(name, "SIGKILL");
        return name;
      });
    },
  });
  const name = await killed!;
  check(
    "nats-commands",
    outcomes.created + outcomes.commented + outcomes.decided === commands,
    `all ${commands} commands acknowledged with ${name} down (${outcomes.retries} client retries)`,
  );
  await waitForProjections(stack.url, 60_000);
  const events = await eventCount(stack.env.DATABASE_URL!);
  const survivors = stack.nats.names.filter((n) => n !== name);
  const two = await pollUntil(
    () => stack.nats.streamState(streamName),
    (state) => survivors.every((n) => state.held[n] === events),
    30_000,
  );
  check(
    "nats-survivors",
    two.held,
    `the two surviving servers each hold the log's ${events} events (${survivors.map((n) => `${n}: ${two.value.held[n]}`).join(", ")})`,
  );
  await stack.nats.restart(name);
  const three = await pollUntil(
    () => stack.nats.streamState(streamName),
    (state) => stack.nats.names.every((n) => state.held[n] === events),
    60_000,
  );
  findings.did.push(`SIGKILL to the stream's leader ${name} after ${at} of ${commands} commands; started again once they were done`);
  check(
    "nats-caught-up",
    three.held,
    `the restarted ${name} caught up in ${three.ms} ms: all three hold the ${events} events (${stack.nats.names.map((n) => `${n}: ${three.value.held[n]}`).join(", ")})`,
  );
}

async function fileAcrossProcesses(stack: ScaleStack, tokens: StreamUsers, findings: Findings, check: Check) {
  const [first, second] = stack.apis as [ScaleStack["apis"][0], ScaleStack["apis"][0]];
  const created = await sendCommand(() => stack.url, "POST", "/api/requests", tokens.requester, { title: "Quote attached", amount: 40 });
  if (created.status !== 201 || !created.json.id) throw new Error(`create answered ${created.status}`);
  const content = Buffer.from(`%PDF-1.4 a supplier quote ${Date.now()}`);
  const sha256 = createHash("sha256").update(content).digest("hex");
  const form = new FormData();
  form.append("file", new Blob([content], { type: "application/pdf" }), "quote.pdf");
  const upload = await fetch(`${first.url}/api/requests/${created.json.id}/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens.requester}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload to ${first.name} answered ${upload.status}: ${await upload.text()}`);
  const file = (await upload.json()) as { url: string; sha256: string };
  const download = async (url: string) => {
    const res = await fetch(`${url}${file.url}`, { headers: { authorization: `Bearer ${tokens.approver}` } });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, sha256: createHash("sha256").update(body).digest("hex") };
  };
  const here = await download(first.url);
  const there = await download(second.url);
  findings.did.push(`a ${content.length}-byte file uploaded straight to ${first.name}, downloaded from ${first.name} and from ${second.name}`);
  check("file-same-process", here.status === 200 && here.sha256 === sha256, `${first.name} serves the file it took (${here.status})`);
  check(
    "file-across-processes",
    there.status === 200 && there.sha256 === sha256,
    there.status === 200
      ? `${second.name} serves the file uploaded to ${first.name}, same sha256`
      : `${second.name} answers ${there.status} for the file uploaded to ${first.name}: files live under each process's DATA_DIR`,
  );
}

async function limitsAcrossProcesses(stack: ScaleStack, adminToken: string, findings: Findings, check: Check) {
  const [first, second] = stack.apis as [ScaleStack["apis"][0], ScaleStack["apis"][0]];
  const email = "locked@stream.test";
  await createUser(stack, adminToken, "requester", email, 60_000);
  const failures: number[] = [];
  // From a new address each time, so only the account's own count can lock it.
  for (let i = 0; i < 10; i++) failures.push((await signIn(stack.apis[i % 2]!.url, email, "wrong-password", clientAddress(70_000 + i))).status);
  const right = [];
  for (const api of [first, second]) right.push((await signIn(api.url, email, PASSWORD, clientAddress(80_000 + right.length))).status);
  findings.did.push(`10 wrong passwords for one account, alternately at ${first.name} and ${second.name}, each from a new address; then the right one at each`);
  check(
    "login-throttle",
    failures.every((s) => s === 401) && right.every((s) => s === 429),
    `the account is locked on both processes after 10 failures shared between them (answers ${failures.join(" ")}, then ${right.join(" ")})`,
  );

  const limit = Number(stack.env.RATE_LIMIT_PUBLIC);
  const address = "203.0.113.77";
  const answers: number[] = [];
  for (let i = 0; i < limit; i++) answers.push((await signIn(stack.apis[i % 2]!.url, "", "", address)).status);
  const over = [];
  for (const api of [first, second]) over.push((await signIn(api.url, "", "", address)).status);
  findings.did.push(`${limit} sign-ins (RATE_LIMIT_PUBLIC) from one address, alternately at each process, then one more at each`);
  const refused = answers.filter((s) => s === 429).length;
  check(
    "rate-limit",
    refused === 0 && over.every((s) => s === 429),
    `the address's ${limit} a minute is one budget across both processes: ${refused} of the first ${limit} refused, then ${over.join(" and ")}`,
  );
}

async function manySockets(
  stack: ScaleStack,
  tokens: StreamUsers,
  watchers: string[],
  sockets: SocketFleet,
  { sockets: count, rate, seconds }: ScaleSettings,
  findings: Findings,
  check: Check,
): Promise<number> {
  const before = await steadyRssKiB(stack);
  const opened = await sockets.open(
    Array.from({ length: count }, (_, i) => ({ url: stack.url, token: watchers[Math.floor(i / SOCKETS_PER_USER)]!, label: "through nginx" })),
  );
  if (opened.failed) throw new Error(`${opened.failed} of ${count} live sockets failed to open: ${opened.error}`);
  const after = await steadyRssKiB(stack);
  const perProcess = await Promise.all(
    stack.apis.map(async (api) => {
      const text = await fetch(api.metricsUrl).then((r) => r.text());
      return `${api.name} ${/^procure_live_sockets (\d+)/m.exec(text)?.[1] ?? "?"}`;
    }),
  );
  findings.did.push(
    `${count} live sockets opened through nginx in ${opened.ms} ms (${perProcess.join(", ")}); API processes' RSS together ${mib(before)} → ` +
      `${mib(after)} MiB (medians of five readings): ${((after - before) / count).toFixed(1)} KiB a socket`,
  );

  await sockets.forget();
  const total = rate * seconds;
  let retries = 0;
  const answers: number[] = [];
  const cpuBefore = stack.cpuMs();
  const started = wallClock();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - wallClock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sentAt = wallClock();
    sends.push(
      sendCommand(() => stack.url, "POST", "/api/requests", tokens.requester, { title: `Scale ${i}`, amount: 3 }, { onRetry: () => retries++ }).then((res) => {
        if (res.status !== 201 || !res.json.id) throw new Error(`create answered ${res.status}`);
        answers.push(wallClock() - sentAt);
        sockets.sent(res.json.id, sentAt);
      }),
    );
  }
  await Promise.all(sends);
  const sendingSeconds = (wallClock() - started) / 1000;
  await waitForProjections(stack.url, 120_000);
  const report = await settledReport(sockets, 30_000);
  const cpuAfter = stack.cpuMs();
  const wallSeconds = (wallClock() - started) / 1000;
  const cores = (ms: number) => (ms / 1000 / wallSeconds).toFixed(2);
  const { p50, p95, p99, max } = report.latencyMs;
  const answered = percentiles(answers);
  const ms = (n: number) => (n >= LATENCY_CEILING_MS ? `≥ ${LATENCY_CEILING_MS}` : String(Math.round(n)));
  findings.did.push(
    `${total} requests created through nginx at ${rate} a second (${(total / sendingSeconds).toFixed(0)} a second achieved, ${retries} retries); ` +
      `answers p50 ${ms(answered.p50)} ms, p99 ${ms(answered.p99)} ms; ${report.delivered} invalidations timed from each ` +
      `command's send to each socket: p50 ${ms(p50)} ms, p95 ${ms(p95)} ms, p99 ${ms(p99)} ms, max ${ms(max)} ms` +
      (report.resyncs ? `; ${report.resyncs} resyncs` : ""),
    `${report.messages} live messages received, ${(report.messages / count / total).toFixed(1)} per command per socket; over the ` +
      `${wallSeconds.toFixed(0)} s from the first command to the last delivery the API processes used ${cores(cpuAfter.api - cpuBefore.api)} ` +
      `cores, the background processes ${cores(cpuAfter.background - cpuBefore.background)}, nginx ${cores(cpuAfter.proxy - cpuBefore.proxy)}, ` +
      `the sockets' client ${cores(report.cpuMs)}; ` +
      `API processes' RSS then ${mib(stack.apiRssKiB())} MiB`,
  );
  check("scale-commands", answers.length === total, `all ${total} commands acknowledged`);
  check(
    "scale-deliveries",
    Object.keys(report.missedBy).length === 0 && report.owed === count * total,
    `every one of the ${count} sockets heard each of the ${total} requests: ${report.owed} deliveries owed, not heard within 30 s ` +
      `of the read models catching up: ${missedLine(report)}`,
  );
  check("invalidation-p99", p99 < 100, `invalidation p99 ${ms(p99)} ms with ${count} sockets at ${rate} commands a second (< 100 ms)`);
  return total;
}
