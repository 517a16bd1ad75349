import type { MigrationSet } from "@procure/eventstore";
import * as tables from "./20261125T2000-notifier-tables.ts";

/** Tables owned by the notifier. */
export const notifierMigrations: MigrationSet = {
  "20261125T2000-notifier-tables": tables,
};
