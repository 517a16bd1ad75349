import type { CategorySummary, OverviewFeed, OverviewItem, OverviewPunchout, Vendor } from "@procure/contracts";
import type { InjectClient } from "./api-client.ts";
import type { DemoTokens } from "./demo-seed.ts";
import { demoRequests } from "./demo-requests.ts";

type Level = "full" | "partial" | "none";
const units = ["Engineering", "Sales", "Operations", "Finance"] as const;
const coverage = (...levels: Level[]) => levels.map((level, i) => ({ business_unit: units[i]!, level }));

const categories = [
  {
    name: "IT hardware",
    contract_number: "CN-IT-2026",
    preferred_suppliers: ["Northwind Computing", "Contoso Devices"],
    coverage: coverage("full", "partial", "full", "full"),
    units_of_measure: ["each"],
  },
  {
    name: "Software & SaaS",
    contract_number: "CN-SW-2026",
    preferred_suppliers: ["Fabrikam Cloud"],
    coverage: coverage("full", "full", "partial", "partial"),
    units_of_measure: ["seat", "licence"],
    requires_finance_review: true,
  },
  { name: "Office supplies", preferred_suppliers: ["Paperline Supply"], coverage: coverage("full", "full", "full", "full"), units_of_measure: ["box", "pack"] },
  {
    name: "Furniture",
    contract_number: "CN-FUR-2025",
    preferred_suppliers: ["Ergoform"],
    coverage: coverage("partial", "none", "full", "partial"),
    units_of_measure: ["each"],
  },
  {
    name: "Professional services",
    preferred_suppliers: ["Brightpath Consulting"],
    coverage: coverage("none", "partial", "none", "partial"),
    units_of_measure: ["hour", "day"],
    requires_finance_review: true,
  },
  {
    name: "Facilities & maintenance",
    contract_number: "CN-FAC-2026",
    preferred_suppliers: ["Keystone Facilities"],
    coverage: coverage("partial", "partial", "full", "partial"),
    units_of_measure: ["visit", "month"],
  },
];
const subcategories = [
  {
    parent: "IT hardware",
    name: "Peripherals",
    preferred_suppliers: ["Contoso Devices"],
    coverage: coverage("full", "full", "partial", "full"),
    units_of_measure: ["each", "pack"],
  },
];

/** [category, name, sku, unit, price, supplier (a demo vendor, linked by its id), lifecycle stage reached] */
const items: [string, string, string, string, number, string, "draft" | "review" | "published"][] = [
  ["IT hardware", "14-inch developer laptop", "IT-LAP-14", "each", 1899, "Contoso Hardware", "published"],
  ["IT hardware", "27-inch 4K monitor", "IT-MON-27", "each", 389, "Contoso Hardware", "published"],
  ["IT hardware", "USB-C docking station", "IT-DOC-01", "each", 159, "Contoso Hardware", "published"],
  ["Peripherals", "Wireless keyboard and mouse set", "IT-KBM-02", "each", 45, "Contoso Hardware", "published"],
  ["Peripherals", "Noise-cancelling headset", "IT-HST-03", "each", 179, "Contoso Hardware", "review"],
  ["Software & SaaS", "Diagramming tool, annual seat", "SW-DIA-01", "seat", 105, "Litware Software", "published"],
  ["Software & SaaS", "Password manager, annual seat", "SW-PWM-01", "seat", 36, "Litware Software", "published"],
  ["Software & SaaS", "Webinar platform, team plan", "SW-WEB-01", "licence", 1490, "Litware Software", "draft"],
  ["Office supplies", "Recycled copy paper, A4", "OS-PAP-A4", "box", 32.5, "Northwind Office Supply", "published"],
  ["Office supplies", "Whiteboard markers, assorted", "OS-MRK-12", "pack", 11.9, "Northwind Office Supply", "published"],
  ["Furniture", "Sit-stand desk, 160 cm", "FU-DSK-160", "each", 640, "Adventure Works Furniture", "published"],
  ["Furniture", "Ergonomic task chair", "FU-CHR-01", "each", 420, "Adventure Works Furniture", "review"],
  ["Professional services", "Accessibility audit, per day", "PS-A11Y-D", "day", 1100, "Proseware Research", "published"],
  ["Facilities & maintenance", "Window cleaning, per visit", "FM-WIN-01", "visit", 220, "Lucerne Facilities", "published"],
];

const feeds = [
  {
    feed_name: "Northwind hardware price list",
    supplier: "Northwind Computing",
    format: "csv",
    category: "IT hardware",
    refresh_interval_days: 7,
    import: { pending_changes: 12, price_variance_alerts: 2 },
  },
  {
    feed_name: "Fabrikam SaaS catalogue",
    supplier: "Fabrikam Cloud",
    format: "api",
    category: "Software & SaaS",
    refresh_interval_days: 1,
    import: { pending_changes: 0 },
  },
  {
    feed_name: "Paperline office supplies",
    supplier: "Paperline Supply",
    format: "xlsx",
    category: "Office supplies",
    refresh_interval_days: 14,
    import: { pending_changes: 5, requires_finance_review: true },
  },
  {
    feed_name: "Ergoform furniture range",
    supplier: "Ergoform",
    format: "cxml",
    category: "Furniture",
    refresh_interval_days: 30,
    import: { outcome: "failed" },
  },
] as const;

const punchouts = [
  {
    supplier: "Northwind Computing",
    protocol: "cxml",
    category: "IT hardware",
    coverage_scope: "Laptops, monitors and docks",
    status: "connected",
    sso_status: "enabled",
    carts: [120, 114],
  },
  {
    supplier: "Paperline Supply",
    protocol: "oci",
    category: "Office supplies",
    coverage_scope: "Full stationery range",
    status: "connected",
    sso_status: "enabled",
    carts: [80, 79],
  },
  {
    supplier: "Keystone Facilities",
    protocol: "cxml",
    category: "Facilities & maintenance",
    coverage_scope: "Maintenance call-outs",
    status: "action-required",
    sso_status: "pending",
    carts: [20, 14],
    notes: "Certificate renewal pending with the supplier.",
  },
] as const;

/** Which category a demo request belongs to, by what its title mentions; the rest are professional services. */
const requestCategories: [RegExp, string][] = [
  [/keyboard|mouse|headset|docking|monitor arm/i, "Peripherals"],
  [/laptop|tablet|printer|video conferencing/i, "IT hardware"],
  [/licence|password|platform|backup|compute|webinar/i, "Software & SaaS"],
  [/desk|chair|shelving|whiteboard/i, "Furniture"],
  [/boxes|badges|consumables|first-aid|signage/i, "Office supplies"],
  [/cleaning|coffee|plants|forklift|tyre|spare parts/i, "Facilities & maintenance"],
];

const workOrders = [
  {
    title: "Quote for replacing meeting room displays",
    details: "Two rooms on floor 3; current screens flicker.",
    requesterName: "Facilities desk",
    requesterEmail: "facilities@demo.procure.test",
    priority: "high",
    triage: ["triaged", "in-progress"],
  },
  {
    title: "New supplier onboarding: local caterer",
    details: null,
    requesterName: "Events team",
    requesterEmail: "events@demo.procure.test",
    priority: "normal",
    triage: ["triaged"],
  },
  {
    title: "Urgent toner for the warehouse printers",
    details: "Out of stock since Monday.",
    requesterName: "Warehouse",
    requesterEmail: "warehouse@demo.procure.test",
    priority: "urgent",
    triage: ["in-progress", "completed"],
  },
  {
    title: "Annual renewal of the label printer service",
    details: null,
    requesterName: "Shipping",
    requesterEmail: "shipping@demo.procure.test",
    priority: "low",
    triage: [],
  },
] as const;

/**
 * The catalogue side of the demo workspace, through the API like any user would build it: categories, items taken
 * through draft → review → publish (each naming a vendor, seeded before, as its supplier), vendor feeds with
 * imports, PunchOut connections with cart reports, approval rules, and work orders submitted publicly then triaged.
 * Returns, for each demo request in order, its category id.
 */
export async function seedCatalogue(client: InjectClient, tokens: DemoTokens): Promise<string[]> {
  const buyer = client.as(tokens.buyer);
  const ids = new Map<string, string>();
  for (const category of categories) ids.set(category.name, (await buyer.call<CategorySummary>("POST", "/api/categories", category)).id);
  for (const { parent, ...category } of subcategories) {
    ids.set(category.name, (await buyer.call<CategorySummary>("POST", "/api/categories", { ...category, parent_id: ids.get(parent) })).id);
  }
  const vendorIds = new Map((await buyer.call<Vendor[]>("GET", "/api/vendors?limit=500")).map((v) => [v.name, v.id]));
  for (const [category, name, sku, unit, price, supplier, stage] of items) {
    const tiers = price > 100 ? [{ min_quantity: 10, unit_price: Math.round(price * 92) / 100 }] : [];
    const body = {
      category_id: ids.get(category),
      name,
      sku,
      unit_of_measure: unit,
      base_price: price,
      vendor_id: vendorIds.get(supplier),
      pricing_tiers: tiers,
    };
    const item = await buyer.call<OverviewItem>("POST", "/api/catalogue/items", body);
    for (const status of ["review", "published"] as const) {
      if (stage === "draft" || (stage === "review" && status === "published")) break;
      await buyer.call("PATCH", `/api/catalogue/items/${item.id}`, { status });
    }
  }
  for (const { category, import: result, ...feed } of feeds) {
    const created = await buyer.call<OverviewFeed>("POST", "/api/catalogue/feeds", { ...feed, category_id: ids.get(category) });
    await buyer.call("POST", `/api/catalogue/feeds/${created.id}/imports`, result);
  }
  for (const { category, carts, ...connection } of punchouts) {
    const created = await buyer.call<OverviewPunchout>("POST", "/api/catalogue/punchout-connections", { ...connection, category_id: ids.get(category) });
    await buyer.call("POST", `/api/catalogue/punchout-connections/${created.id}/transactions`, { carts: carts[0], successful_carts: carts[1] });
  }
  const admin = client.as(tokens.admin);
  await admin.call("POST", "/api/approval-rules", { name: "Large purchases: approver, then finance", min_amount: 10_000, stages: ["approver", "finance"] });
  await admin.call("POST", "/api/approval-rules", {
    name: "Software from $5,000: finance",
    min_amount: 5_000,
    category_id: ids.get("Software & SaaS"),
    stages: ["finance"],
  });
  await seedWorkOrders(client, tokens);
  return demoRequests.map(({ title }) => ids.get(requestCategories.find(([pattern]) => pattern.test(title))?.[1] ?? "Professional services")!);
}

async function seedWorkOrders(client: InjectClient, tokens: DemoTokens) {
  const buyer = client.as(tokens.buyer);
  const { user } = await buyer.call<{ user: { id: string } }>("GET", "/api/me");
  for (const { triage, ...body } of workOrders) {
    const { id } = await client.call<{ id: string }>("POST", "/api/work-orders", body);
    if (triage.length > 0) await buyer.call("PATCH", `/api/work-orders/${id}`, { owner_id: user.id });
    for (const status of triage) await buyer.call("PATCH", `/api/work-orders/${id}`, { status });
  }
}
