import { sql, type Kysely } from "kysely";
import { runModuleProcess, siblingModule } from "../src/module-worker.ts";
import type { LoadClientInput } from "./load-client.ts";
import { cpuByProcess, kernelMsByProcess, ownKernelMs, ownSyscalls, syscallsByProcess, threadCpuMs, usedBetween } from "./process-cpu.ts";
import { round } from "./stats.ts";

/** CPU per call, in milliseconds, by where it was spent. */
export type CpuPerCall = {
  /** The thread that answers HTTP. */
  apiThread: number;
  /** The relay, projections, webhooks and notifier, when they run in a thread of their own. */
  backgroundThread: number | null;
  /** V8's compiler and garbage collector threads, libuv's pool. */
  otherThreads: number;
  postgres: number;
  nats: number;
  total: number;
};

export type CostFigures = {
  calls: number;
  perSecond: number;
  cpuMs: CpuPerCall;
  /** Per call, from Postgres's own counters for the database: transactions committed, rows written, WAL bytes. */
  transactions: number;
  rowsWritten: number;
  walBytes: number;
  /** Rows inserted, updated or deleted per call, by table (those above 0.05). */
  rowsByTable: Record<string, number>;
  /** Of the CPU per call, the kernel's share (system calls, the loopback network), by where it was spent. */
  kernelMs: { server: number; postgres: number; nats: number };
  /** Read and write system calls per call (sockets mostly): each is a trip through the kernel, on loopback too. */
  syscalls: { server: number; postgres: number; nats: number };
};

type CpuCounters = {
  threads: Map<string, number>;
  postgres: Map<string, number>;
  nats: Map<string, number>;
  kernel: { server: number; postgres: Map<string, number>; nats: Map<string, number> };
  syscalls: { server: number; postgres: Map<string, number>; nats: Map<string, number> };
};
type PostgresCounters = { transactions: number; rowsWritten: number; walBytes: number; tables: Map<string, number> };

const cpuCounters = (): CpuCounters => ({
  threads: threadCpuMs(),
  postgres: cpuByProcess("postgres"),
  nats: cpuByProcess("nats-server"),
  kernel: { server: ownKernelMs(), postgres: kernelMsByProcess("postgres"), nats: kernelMsByProcess("nats-server") },
  syscalls: { server: ownSyscalls(), postgres: syscallsByProcess("postgres"), nats: syscallsByProcess("nats-server") },
});

/**
 * Postgres's own counts for the database. A backend reports them when a transaction ends, at most once a second, and
 * one gone idle only after ten: the pause lets every count of the calls before it in.
 */
async function postgresCounters(db: Kysely<unknown>): Promise<PostgresCounters> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const { rows } = await sql<{ xacts: string; written: string; wal: string }>`select xact_commit::text as xacts,
      (tup_inserted + tup_updated + tup_deleted)::text as written, (select wal_bytes from pg_stat_wal)::text as wal
    from pg_stat_database where datname = current_database()`.execute(db);
  const row = rows[0]!;
  const { rows: tables } = await sql<{ name: string; written: string }>`select relname as name,
      (n_tup_ins + n_tup_upd + n_tup_del)::text as written from pg_stat_user_tables`.execute(db);
  return {
    tables: new Map(tables.map((table) => [table.name, Number(table.written)])),
    transactions: Number(row.xacts),
    rowsWritten: Number(row.written),
    walBytes: Number(row.wal),
  };
}

/**
 * What one call costs the machine: a closed loop of clients in a process of their own runs `warmSeconds` untimed,
 * then `seconds` timed, while this process's threads (read from /proc, the API thread apart from the background
 * thread), every Postgres process and the NATS server are measured. The clients' CPU is not counted.
 */
export async function costPerCall(
  db: Kysely<unknown>,
  load: Omit<LoadClientInput, "seconds" | "count">,
  options: { seconds: number; warmSeconds: number; backgroundThreadId: number | null; countBackground: boolean },
): Promise<CostFigures> {
  const client = siblingModule(import.meta.url, "load-client");
  await runModuleProcess(client, [JSON.stringify({ ...load, seconds: options.warmSeconds })]);
  const countedBefore = await postgresCounters(db);
  const before = cpuCounters();
  const { calls, perSecond } = JSON.parse(await runModuleProcess(client, [JSON.stringify({ ...load, seconds: options.seconds })])) as {
    calls: number;
    perSecond: number;
  };
  const after = cpuCounters();
  const counted = await postgresCounters(db);
  const per = (n: number) => round(n / calls, 3);
  const apiTid = String(process.pid);
  const backgroundTid = options.backgroundThreadId === null ? null : String(options.backgroundThreadId);
  const only = (tid: string) => usedBetween(new Map([[tid, before.threads.get(tid) ?? 0]]), new Map([[tid, after.threads.get(tid) ?? 0]]));
  const cpu = {
    apiThread: per(only(apiTid)),
    backgroundThread: backgroundTid === null ? null : per(only(backgroundTid)),
    otherThreads: per(usedBetween(before.threads, after.threads, [apiTid, ...(backgroundTid ? [backgroundTid] : [])])),
    postgres: per(usedBetween(before.postgres, after.postgres)),
    nats: per(usedBetween(before.nats, after.nats)),
  };
  // The bare route shares this process with the product, whose background thread idles meanwhile: not its cost.
  const background = options.countBackground ? (cpu.backgroundThread ?? 0) : 0;
  return {
    calls,
    perSecond,
    cpuMs: { ...cpu, total: round(cpu.apiThread + background + cpu.otherThreads + cpu.postgres + cpu.nats, 3) },
    transactions: per(counted.transactions - countedBefore.transactions),
    rowsWritten: per(counted.rowsWritten - countedBefore.rowsWritten),
    walBytes: Math.round((counted.walBytes - countedBefore.walBytes) / calls),
    kernelMs: {
      server: per(after.kernel.server - before.kernel.server),
      postgres: per(usedBetween(before.kernel.postgres, after.kernel.postgres)),
      nats: per(usedBetween(before.kernel.nats, after.kernel.nats)),
    },
    syscalls: {
      server: per(after.syscalls.server - before.syscalls.server),
      postgres: per(usedBetween(before.syscalls.postgres, after.syscalls.postgres)),
      nats: per(usedBetween(before.syscalls.nats, after.syscalls.nats)),
    },
    rowsByTable: Object.fromEntries(
      [...counted.tables]
        .map(([name, written]) => [name, per(written - (countedBefore.tables.get(name) ?? 0))] as const)
        .filter(([, written]) => written > 0.05)
        .sort((a, b) => b[1] - a[1]),
    ),
  };
}
