import { sql } from "kysely";
import { readEnv } from "@procure/api";
import { EventStore, verifyStreamChain } from "@procure/eventstore";
import { connectDatabase } from "./runtime.ts";

/** `npm run verify-chain -- [stream-id]`: checks one stream's hash chain, or every stream's, and exits 1 on a break. */
const connection = await connectDatabase(readEnv());
try {
  const streams = process.argv[2]
    ? [process.argv[2]]
    : (await sql<{ stream_id: string }>`select distinct stream_id from events order by stream_id`.execute(connection.db)).rows.map((r) => r.stream_id);
  let broken = 0;
  for (const streamId of streams) {
    const result = await verifyStreamChain(new EventStore(connection.db).db, streamId);
    if (!result.valid) {
      broken++;
      console.log(`BROKEN ${streamId} at version ${result.first_broken?.stream_version}: ${result.first_broken?.reason}`);
    }
  }
  console.log(`${streams.length - broken} of ${streams.length} streams verify.`);
  process.exitCode = broken ? 1 : 0;
} finally {
  await connection.close();
}
