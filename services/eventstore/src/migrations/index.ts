import type { MigrationSet } from "../migrator.ts";
import * as events from "./0001-events.ts";
import * as idempotencyKeyExpiry from "./20261125T1940-eventstore-idempotency-key-expiry.ts";
import * as quietTransactionsAppendNothing from "./20261125T2000-eventstore-quiet-transactions-append-nothing.ts";
import * as appendsNothingSessions from "./20261126T0900-eventstore-appends-nothing-sessions.ts";
import * as logReadPlannedOnce from "./20261128T2130-eventstore-log-read-planned-once.ts";

export const eventStoreMigrations: MigrationSet = {
  "00-eventstore/0001-events": events,
  "20261125T1940-eventstore-idempotency-key-expiry": idempotencyKeyExpiry,
  "20261125T2000-eventstore-quiet-transactions-append-nothing": quietTransactionsAppendNothing,
  "20261126T0900-eventstore-appends-nothing-sessions": appendsNothingSessions,
  "20261128T2130-eventstore-log-read-planned-once": logReadPlannedOnce,
};
