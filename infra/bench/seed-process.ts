import { EventStore, createDatabase } from "@procure/eventstore";
import { seedRequests, type SeedUsers } from "./seed.ts";

/**
 * `seedRequests` from a process of its own, over the database the server uses, so the garbage of appending a large
 * workspace is not counted in the server's memory. Arguments: the database URL, the users as JSON, count and start.
 * Prints how many events it appended.
 */
const [url, users, count, from] = process.argv.slice(2);
const connection = createDatabase({ kind: "postgres", url: url!, poolSize: 2 });
try {
  const events = await seedRequests(new EventStore(connection.db), JSON.parse(users!) as SeedUsers, Number(count), Number(from));
  console.log(`seeded ${events}`);
} finally {
  await connection.close();
}
