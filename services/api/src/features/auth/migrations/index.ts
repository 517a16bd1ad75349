import type { MigrationSet } from "@procure/eventstore";
import * as credentials from "./20261122T1629-auth-credentials.ts";
import * as loginFailures from "./20261122T1700-auth-login-failures.ts";

/** Tables owned by the auth part: state that must never enter the event log. */
export const authMigrations: MigrationSet = {
  "20261122T1629-auth-credentials": credentials,
  "20261122T1700-auth-login-failures": loginFailures,
};
