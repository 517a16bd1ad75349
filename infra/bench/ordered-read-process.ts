import { EventStore, createDatabase } from "@procure/eventstore";
import { orderedRead } from "./ordered-read.ts";

/** `orderedRead` over the database URL given as its argument; prints the figure as JSON. */
const [url] = process.argv.slice(2);
const connection = createDatabase({ kind: "postgres", url: url!, poolSize: 1 });
try {
  console.log(JSON.stringify(await orderedRead(new EventStore(connection.db))));
} finally {
  await connection.close();
}
