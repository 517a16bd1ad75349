import { readEnv } from "@procure/api/setup";
import { connectDatabase } from "./runtime.ts";

/** Applies every package's migrations; starting the product does the same, this is for deploy pipelines. */
const connection = await connectDatabase(readEnv());
await connection.close();
console.log("Migrations are up to date.");
