import { readEnv } from "@procure/api/setup";
import { connectDatabase } from "./runtime.ts";
import { projectionStatus } from "@procure/projections";

/** `npm run projections -- status`: where each projection stands, and which are set apart because they fail. */
const command = process.argv[2] ?? "status";
if (command !== "status") {
  console.error(`Unknown command "${command}". Known: status`);
  process.exit(2);
}
const connection = await connectDatabase(readEnv());
try {
  console.log(await projectionStatus(connection.db));
} finally {
  await connection.close();
}
