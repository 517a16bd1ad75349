import { readdirSync, readFileSync } from "node:fs";

/** CPU time used so far by every Postgres process on this machine (server and backends), in milliseconds. */
export const postgresCpuMs = () => processCpuMs("postgres");

/** CPU time used so far by the NATS server on this machine, in milliseconds. */
export const natsCpuMs = () => processCpuMs("nats-server");

/** CPU time used so far by every process of this name on this machine, in milliseconds. */
function processCpuMs(processName: string): number {
  return [...cpuByProcess(processName).values()].reduce((sum, ms) => sum + ms, 0);
}

/** CPU time used so far by each process of this name on this machine, by pid, in milliseconds. */
export const cpuByProcess = (processName: string) => byProcess(processName, (_pid, stat) => ticksOf(stat));

/** Of that, the time spent in the kernel (system calls, the network stack), by pid, in milliseconds. */
export const kernelMsByProcess = (processName: string) => byProcess(processName, (_pid, stat) => ticksOf(stat, "kernel"));

/** Read and write system calls made so far by each process of this name, by pid (sockets, pipes and files alike). */
export const syscallsByProcess = (processName: string) => byProcess(processName, (pid) => syscallsOf(pid));

/** Read and write system calls made so far by this process, all its threads. */
export const ownSyscalls = () => syscallsOf("self");

/** Of this process's CPU time so far, the kernel's, in milliseconds. */
export const ownKernelMs = () => ticksOf(readFileSync("/proc/self/stat", "utf8"), "kernel");

function byProcess(processName: string, read: (pid: string, stat: string) => number): Map<string, number> {
  const used = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name === processName) used.set(pid, read(pid, stat));
    } catch {
      // The process ended while it was read.
    }
  }
  return used;
}

function syscallsOf(pid: string): number {
  const io = readFileSync(`/proc/${pid}/io`, "utf8");
  const count = (field: string) => Number(new RegExp(`^${field}: (\\d+)$`, "m").exec(io)?.[1] ?? 0);
  return count("syscr") + count("syscw");
}

/**
 * What the processes (or threads) of `after` used since `before`: the difference for those in both, the whole life of
 * one that started in between (a pool's new connection), nothing of one that ended in between (its last figures are
 * gone with it).
 */
export function usedBetween(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>, skip: readonly string[] = []): number {
  let total = 0;
  for (const [id, ms] of after) if (!skip.includes(id)) total += ms - (before.get(id) ?? 0);
  return total;
}

/** CPU time used so far by each thread of this process (the API's, the background thread, V8's helpers), in ms. */
export function threadCpuMs(): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      threads.set(tid, ticksOf(readFileSync(`/proc/self/task/${tid}/stat`, "utf8")));
    } catch {
      // The thread ended while it was read.
    }
  }
  return threads;
}

/** User and system time of a /proc stat line (or the system time alone), in milliseconds (USER_HZ is 100 on Linux). */
function ticksOf(stat: string, part: "all" | "kernel" = "all"): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((part === "all" ? Number(fields[11]) : 0) + Number(fields[12])) * 10;
}
