import type { MigrationSet } from "@procure/eventstore";
import * as credentials from "./20261122T1629-auth-credentials.ts";
import * as loginFailures from "./20261122T1700-auth-login-failures.ts";
import * as credentialsRole from "./20261125T1000-auth-credentials-role.ts";
import * as activeAndForcedChange from "./20261126T1000-auth-credentials-active-and-forced-change.ts";
import * as rateLimitWindows from "./20261127T0500-auth-rate-limit-windows.ts";

/** Tables owned by the auth part: state that must never enter the event log. */
export const authMigrations: MigrationSet = {
  "20261122T1629-auth-credentials": credentials,
  "20261122T1700-auth-login-failures": loginFailures,
  "20261125T1000-auth-credentials-role": credentialsRole,
  "20261126T1000-auth-credentials-active-and-forced-change": activeAndForcedChange,
  "20261127T0500-auth-rate-limit-windows": rateLimitWindows,
};
