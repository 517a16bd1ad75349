import type { MigrationSet } from "@procure/eventstore";
import * as tables from "./20261122T2145-webhooks-tables.ts";

/** Tables owned by the webhook dispatcher. */
export const webhookMigrations: MigrationSet = {
  "20261122T2145-webhooks-tables": tables,
};
