import {
  awaitingReceiptAmount,
  approvalRate,
  countsAsCommitted,
  countsAsOpen,
  isDueSoon,
  isPastDue,
  poGroupOf,
  uncategorisedLabel,
  type Dashboard,
  type PurchaseOrder,
  type PurchaseRequest,
  type StoredEvent,
  type Vendor,
} from "@procure/contracts";

export type BruteForceInput = { orders: PurchaseOrder[]; requests: PurchaseRequest[]; vendors: Vendor[]; log: StoredEvent[]; now: Date };

const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
const tally = (rs: PurchaseRequest[]) => ({ count: rs.length, amount: sum(rs.map((r) => r.amount)) });
const byRecency = (a: PurchaseRequest, b: PurchaseRequest) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id);

/** The catalogue as a naive fold of the whole log: category names and states, items per category, PunchOut statuses. */
function foldCatalogue(log: StoredEvent[]) {
  const categories = new Map<string, { name: string; active: boolean }>();
  const items = new Map<string, { category: string; status: string }>();
  const punchout = new Map<string, string>();
  for (const e of log) {
    if (e.type === "CategorySaved") categories.set(e.data.category_id, { name: e.data.name, active: true });
    if (e.type === "CategoryArchived") categories.set(e.data.category_id, { ...categories.get(e.data.category_id)!, active: false });
    if (e.type === "CatalogueItemSaved") items.set(e.data.item_id, { category: e.data.category_id, status: e.data.status });
    if (e.type === "PunchoutConnectionSaved") punchout.set(e.data.connection_id, e.data.status);
  }
  const itemCount = (id: string) => [...items.values()].filter((i) => i.category === id && i.status !== "retired").length;
  return { categories, itemCount, punchout: [...punchout.values()] };
}

/** Every dashboard figure recomputed from full lists and the log, without the projections' precomputed rows. */
export function bruteForceDashboard({ orders, requests, vendors, log, now }: BruteForceInput): Omit<Dashboard, "generatedAt" | "scope" | "integrations"> & {
  punchoutStatuses: string[];
} {
  const catalogue = foldCatalogue(log);
  const approved = requests.filter((r) => r.status === "approved");
  const ready = approved.filter((r) => r.po_number === null);
  const total = sum(requests.map((r) => r.amount));
  const groups = new Map<string, PurchaseRequest[]>();
  for (const r of requests) groups.set(r.category_id ?? "", [...(groups.get(r.category_id ?? "") ?? []), r]);
  const coverage = [...groups.entries()]
    .map(([key, rs]) => ({ key, ...tally(rs), requestName: rs.find((r) => r.category_name)?.category_name ?? null }))
    .sort((a, b) => b.amount - a.amount || b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, 4);
  const open = orders.filter((o) => countsAsOpen(o.status));
  return {
    kpis: {
      openPurchaseOrders: open.length,
      requestsPendingApproval: requests.filter((r) => r.status === "pending").length,
      activeCatalogueCategories: [...catalogue.categories.values()].filter((c) => c.active).length,
      activeSuppliers: vendors.filter((v) => v.status === "active").length,
    },
    purchaseOrders: {
      open: open.length,
      receiving: orders.filter((o) => poGroupOf(o.status) === "receiving").length,
      closed: orders.filter((o) => poGroupOf(o.status) === "closed").length,
      cancelled: orders.filter((o) => poGroupOf(o.status) === "cancelled").length,
      committedSpend: sum(orders.filter((o) => countsAsCommitted(o.status)).map((o) => o.total)),
      totalAmount: sum(orders.map((o) => o.total)),
      awaitingReceiptAmount: sum(orders.filter((o) => o.status === "issued" || o.status === "receiving").map((o) => awaitingReceiptAmount(o.lines))),
      dueNext7Days: orders.filter((o) => isDueSoon(o.status, o.expected_date, now, 7)).length,
      pastDue: orders.filter((o) => isPastDue(o.status, o.expected_date, now)).length,
    },
    pipeline: {
      submitted: tally(requests),
      approved: tally(approved),
      pending: tally(requests.filter((r) => r.status === "pending")),
      denied: tally(requests.filter((r) => r.status === "denied")),
      readyForPo: tally(ready),
      approvalRate: approvalRate({ approved: approved.length, denied: requests.filter((r) => r.status === "denied").length }),
    },
    requests: {
      mode: approved.length > 0 ? "ready" : "recent",
      items: (approved.length > 0 ? ready : requests)
        .sort(byRecency)
        .slice(0, 5)
        .map((r) => ({
          id: r.id,
          title: r.title,
          amount: r.amount,
          status: r.status,
          category_name: r.category_name,
          po_number: r.po_number,
          created_at: r.created_at,
          updated_at: r.updated_at,
        })),
    },
    catalogueCoverage: {
      totalRequested: total,
      categories: coverage.map((c) => ({
        id: c.key || null,
        name: catalogue.categories.get(c.key)?.name ?? c.requestName ?? uncategorisedLabel,
        count: c.count,
        amount: c.amount,
        percent: total > 0 ? Math.round((c.amount / total) * 100) : 0,
        itemCount: c.key ? catalogue.itemCount(c.key) : 0,
      })),
    },
    punchoutStatuses: catalogue.punchout,
  };
}
