import type { MigrationSet } from "@procure/eventstore";
import * as tables from "./20261125T2000-notifier-tables.ts";
import * as usersActive from "./20261125T2100-notifier-users-active.ts";

/** Tables owned by the notifier. */
export const notifierMigrations: MigrationSet = {
  "20261125T2000-notifier-tables": tables,
  "20261125T2100-notifier-users-active": usersActive,
};
