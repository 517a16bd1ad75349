import type { MigrationSet } from "@procure/eventstore";
import * as requestReadModels from "./0001-request-read-models.ts";
import { purchasingMigrations } from "../purchasing/index.ts";
import { catalogueMigrations } from "../catalogue/index.ts";
import { webhookReadModelMigrations } from "../webhooks/index.ts";
import * as usersWithoutPassword from "../users/migrations/20261122T1630-projections-users-without-password.ts";
import * as usersActive from "../users/migrations/20261126T1000-projections-users-active.ts";
import * as usersVersion from "../users/migrations/20261128T1800-projections-users-version.ts";
import * as budgetsVersion from "../budgets/migrations/20261128T1800-projections-budgets-version.ts";
import * as personalInbox from "../inbox/migrations/20261126T1010-projections-personal-inbox.ts";
import * as inboxItemsBySubject from "../inbox/migrations/20261126T1100-projections-inbox-items-by-subject-unique.ts";
import * as inboxMembers from "../inbox/migrations/20261126T1110-projections-inbox-members.ts";
import * as inboxCounts from "../inbox/migrations/20261126T2300-projections-inbox-counts.ts";
import * as inboxMembersWhoAct from "../inbox/migrations/20261127T0900-projections-inbox-members-who-act.ts";
import * as requestsNeededSoon from "../requests/migrations/20261127T0910-projections-requests-needed-soon.ts";
import * as requestsLines from "../requests/migrations/20261128T1830-projections-requests-lines.ts";
import * as requestsListOrder from "../requests/migrations/20261122T1920-projections-requests-list-order.ts";
import * as requestsCreatedOrder from "../requests/migrations/20261122T1935-projections-requests-created-order.ts";
import * as deferredIndexes from "../runner/migrations/20261124T0010-projections-deferred-indexes.ts";
import * as stalls from "../runner/migrations/20261128T2110-projections-stalls.ts";
import * as auditNewestRowUnique from "../requests/migrations/20261124T1740-projections-audit-newest-row-unique.ts";
import * as listSorts from "./20261125T2016-projections-list-sorts.ts";
import * as vendorRiskOrder from "./20261125T2055-projections-vendor-risk-order.ts";
import * as amountsWide from "./20261128T1740-projections-amounts-wide.ts";
import * as auditKeyedByStreamPosition from "../requests/migrations/20261124T2200-projections-audit-keyed-by-stream-position.ts";
import * as requestsOrderAndReason from "../requests/migrations/20261126T2000-projections-requests-order-and-reason.ts";
import * as requestsPriority from "../requests/migrations/20261125T2300-projections-requests-priority.ts";

export const readModelMigrations: MigrationSet = {
  "01-projections/0001-request-read-models": requestReadModels,
  ...purchasingMigrations,
  ...catalogueMigrations,
  ...webhookReadModelMigrations,
  "20261122T1630-projections-users-without-password": usersWithoutPassword,
  "20261122T1920-projections-requests-list-order": requestsListOrder,
  "20261122T1935-projections-requests-created-order": requestsCreatedOrder,
  "20261124T0010-projections-deferred-indexes": deferredIndexes,
  "20261128T2110-projections-stalls": stalls,
  "20261124T1740-projections-audit-newest-row-unique": auditNewestRowUnique,
  "20261124T2200-projections-audit-keyed-by-stream-position": auditKeyedByStreamPosition,
  "20261125T2016-projections-list-sorts": listSorts,
  "20261125T2055-projections-vendor-risk-order": vendorRiskOrder,
  "20261128T1740-projections-amounts-wide": amountsWide,
  "20261126T1000-projections-users-active": usersActive,
  "20261126T1010-projections-personal-inbox": personalInbox,
  "20261126T1100-projections-inbox-items-by-subject-unique": inboxItemsBySubject,
  "20261126T1110-projections-inbox-members": inboxMembers,
  "20261126T2000-projections-requests-order-and-reason": requestsOrderAndReason,
  "20261125T2300-projections-requests-priority": requestsPriority,
  "20261126T2300-projections-inbox-counts": inboxCounts,
  "20261127T0900-projections-inbox-members-who-act": inboxMembersWhoAct,
  "20261127T0910-projections-requests-needed-soon": requestsNeededSoon,
  "20261128T1830-projections-requests-lines": requestsLines,
  "20261128T1800-projections-users-version": usersVersion,
  "20261128T1800-projections-budgets-version": budgetsVersion,
};
