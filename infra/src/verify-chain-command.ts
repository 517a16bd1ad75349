import { readFileSync, writeFileSync } from "node:fs";
import { sql } from "kysely";
import { readEnv } from "@procure/api/setup";
import { checkAgainstAnchor, EventStore, takeAnchor, verifyStreamChain, type ChainAnchor } from "@procure/eventstore";
import { connectDatabase } from "./runtime.ts";

/**
 * `npm run verify-chain -- [stream-id]`: checks one stream's hash chain, or every stream's, and exits 1 on a break.
 * `--anchor <file>` writes every stream's head to a file for an auditor to keep outside the database;
 * `--against <file>` checks the log against such a file (truncated or re-chained streams show there).
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const connection = await connectDatabase(readEnv());
const db = new EventStore(connection.db).db;
try {
  const anchorFile = option("--anchor");
  const againstFile = option("--against");
  if (anchorFile) {
    const anchor = await takeAnchor(db);
    writeFileSync(anchorFile, `${JSON.stringify(anchor, null, 2)}\n`);
    console.log(`Anchored ${Object.keys(anchor.streams).length} streams in ${anchorFile} (digest ${anchor.digest}).`);
  } else if (againstFile) {
    const problems = await checkAgainstAnchor(db, JSON.parse(readFileSync(againstFile, "utf8")) as ChainAnchor);
    for (const problem of problems) console.log(`BROKEN ${problem.stream_id}: ${problem.reason}`);
    console.log(problems.length ? `${problems.length} problems against ${againstFile}.` : `The log agrees with ${againstFile}.`);
    process.exitCode = problems.length ? 1 : 0;
  } else {
    const streams = args[0]
      ? [args[0]]
      : (await sql<{ stream_id: string }>`select distinct stream_id from events order by stream_id`.execute(db)).rows.map((r) => r.stream_id);
    let broken = 0;
    for (const streamId of streams) {
      const result = await verifyStreamChain(db, streamId);
      if (!result.valid) {
        broken++;
        console.log(`BROKEN ${streamId} at version ${result.first_broken?.stream_version}: ${result.first_broken?.reason}`);
      }
    }
    console.log(`${streams.length - broken} of ${streams.length} streams verify.`);
    process.exitCode = broken ? 1 : 0;
  }
} finally {
  await connection.close();
}
