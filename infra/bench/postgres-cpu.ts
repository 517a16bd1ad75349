import { readdirSync, readFileSync } from "node:fs";

/** CPU time used so far by every Postgres process on this machine (server and backends), in milliseconds. */
export function postgresCpuMs(): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name !== "postgres") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}
