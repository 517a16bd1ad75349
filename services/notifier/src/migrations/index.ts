import type { MigrationSet } from "@procure/eventstore";
import * as tables from "./20261125T2000-notifier-tables.ts";
import * as usersActive from "./20261125T2100-notifier-users-active.ts";
import * as requestsNeededBy from "./20261125T2300-notifier-requests-needed-by.ts";
import * as delegations from "./20261125T2330-notifier-delegations.ts";
import * as preferenceVersions from "./20261128T1800-notifier-preference-versions.ts";

/** Tables owned by the notifier. */
export const notifierMigrations: MigrationSet = {
  "20261125T2000-notifier-tables": tables,
  "20261125T2100-notifier-users-active": usersActive,
  "20261125T2300-notifier-requests-needed-by": requestsNeededBy,
  "20261125T2330-notifier-delegations": delegations,
  "20261128T1800-notifier-preference-versions": preferenceVersions,
};
