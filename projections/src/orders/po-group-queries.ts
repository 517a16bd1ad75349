import type { Kysely } from "kysely";
import { countsAsCommitted, dashboardDueSoonDays, isDueSoon, toCents, type Dashboard } from "@procure/contracts";
import type { Database } from "../tables.ts";
import { addDays, localDay } from "../purchasing/dates.ts";
import { awaitingReceiptTotal } from "./po-groups-projection.ts";

/**
 * The "Purchase orders at a glance" figures. Counts and committed spend come from the per-group totals, the value
 * awaiting receipt from what issued and receiving orders' lines still wait for. Due and late
 * depend on the clock, so they are counted now over open and receiving orders only, through the index on their
 * expected dates: late ones are those whose day is before today; due-soon candidates are the next week's days,
 * each then checked by the shared rule so the boundary is exactly the one the client uses.
 */
export async function readPoGroups(db: Kysely<Database>, now: Date): Promise<Dashboard["purchaseOrders"]> {
  const rows = await db.selectFrom("rm_po_group_totals").select(["grp", "count", "amount"]).execute();
  const of = (grp: string) => rows.find((t) => t.grp === grp);
  const count = (grp: string) => Number(of(grp)?.count ?? 0);
  const amount = (grp: string) => Number(of(grp)?.amount ?? 0);
  // The per-status and awaiting totals are named `<kind>:<what>`; the groups' own rows are bare names.
  const groups = rows.filter((t) => !t.grp.includes(":"));
  // Each group's name is also one of its statuses, so the shared rules classify the group rows directly.
  const committed = groups.filter((t) => countsAsCommitted(t.grp)).reduce((sum, t) => sum + Number(t.amount), 0);
  const total = groups.reduce((sum, t) => sum + Number(t.amount), 0);
  const awaitingReceipt = amount(awaitingReceiptTotal);

  const today = localDay(now);
  const dated = db.selectFrom("rm_po_group_orders").where("grp", "in", ["open", "receiving"]).where("expected_date", "is not", null);
  const late = await dated
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("expected_date", "<", today)
    .executeTakeFirstOrThrow();
  const soon = await dated
    .select(["grp", "expected_date"])
    .where("expected_date", ">=", today)
    .where("expected_date", "<=", localDay(addDays(now, dashboardDueSoonDays + 1)))
    .execute();

  return {
    open: count("open") + count("receiving"),
    receiving: count("receiving"),
    closed: count("closed"),
    cancelled: count("cancelled"),
    committedSpend: toCents(committed),
    totalAmount: toCents(total),
    awaitingReceiptAmount: toCents(awaitingReceipt),
    dueNext7Days: soon.filter((o) => isDueSoon(o.grp, o.expected_date, now, dashboardDueSoonDays)).length,
    pastDue: Number(late.n),
  };
}
