import {
  poReceiptStatuses,
  type PoFormStatus,
  type PurchaseOrder,
  type PurchaseRequest,
  type Vendor,
  type VendorDocumentKind,
  type VendorRisk,
} from "@procure/contracts";
import { addDays, localDay } from "@procure/projections/purchasing";
import type { InjectClient } from "./api-client.ts";
import type { DemoTokens } from "./demo-seed.ts";

/** A document on file: its kind and the day it runs out, relative to today (null: it does not). */
type DemoDocument = [kind: VendorDocumentKind, expiresIn: number | null];
type DemoVendor = {
  name: string;
  risk: VendorRisk;
  website: string;
  renewsIn: number | null;
  blocked?: string;
  notes?: string;
  documents?: DemoDocument[];
};

const w9: DemoDocument = ["w9", null];
const insured = (days: number): DemoDocument => ["insurance", days];

/**
 * A dozen suppliers of a mid-sized company; two are blocked, renewals spread around the next months. Their documents
 * show every diligence state under the default W-9 and insurance rule: most complete, two insurances expiring, one
 * expired, and two vendors missing a document.
 */
const demoVendors: DemoVendor[] = [
  {
    name: "Northwind Office Supply",
    risk: "low",
    website: "https://northwind.example",
    renewsIn: 14,
    notes: "Preferred for stationery and small furniture.",
    documents: [w9, insured(240), ["contract", 14]],
  },
  { name: "Contoso Hardware", risk: "medium", website: "https://contoso.example", renewsIn: 25, documents: [w9, insured(180)] },
  {
    name: "Fabrikam Logistics",
    risk: "high",
    website: "https://fabrikam.example",
    renewsIn: 60,
    notes: "Two late deliveries last quarter; review at renewal.",
    documents: [w9, insured(-12)],
  },
  { name: "Litware Software", risk: "low", website: "https://litware.example", renewsIn: 5, documents: [w9, insured(300), ["certificate", null]] },
  { name: "Adventure Works Furniture", risk: "medium", website: "https://adventure-works.example", renewsIn: 120, documents: [w9, insured(9)] },
  { name: "Tailspin Travel", risk: "high", website: "https://tailspin.example", renewsIn: -10, blocked: "Unresolved invoice disputes." },
  { name: "Wide World Importers", risk: "medium", website: "https://wideworld.example", renewsIn: 28, documents: [w9, insured(21)] },
  { name: "Proseware Research", risk: "low", website: "https://proseware.example", renewsIn: 200, documents: [w9, insured(365)] },
  { name: "Blue Yonder Catering", risk: "medium", website: "https://blueyonder.example", renewsIn: 40, blocked: "Food safety certificate expired." },
  { name: "Coho Print & Signage", risk: "low", website: "https://coho.example", renewsIn: 9, documents: [w9] },
  {
    name: "Alpine Safety Gear",
    risk: "high",
    website: "https://alpine-safety.example",
    renewsIn: null,
    notes: "Single source for certified harnesses.",
    documents: [insured(150), ["certificate", 45]],
  },
  { name: "Lucerne Facilities", risk: "medium", website: "https://lucerne.example", renewsIn: 75, documents: [w9, insured(200)] },
];

/** A line of a demo order, and how much of it has come (for an order partly received). */
type DemoLine = { description: string; quantity: number; unit_price: number; delivered: number };

/**
 * Twenty orders: status, total (and lines, which it must be the sum of), expected day relative to today (null: none).
 * Some are late, some due this week. Receiving and received are what receipts leave: a received order is issued and
 * then received in full, a receiving one is issued with lines and then receives what `delivered` says of each.
 */
const demoOrders: { status: PoFormStatus; total: number; dueIn: number | null; lines?: DemoLine[] }[] = [
  { status: "issued", total: 4820, dueIn: -6 },
  { status: "issued", total: 2385, dueIn: 6 },
  { status: "issued", total: 1260, dueIn: 1 },
  { status: "draft", total: 980, dueIn: 5 },
  { status: "issued", total: 3120, dueIn: 3 },
  { status: "issued", total: 420, dueIn: 2 },
  { status: "received", total: 1180, dueIn: -10 },
  { status: "received", total: 4100, dueIn: -20 },
  { status: "cancelled", total: 1575, dueIn: -4 },
  { status: "issued", total: 6800, dueIn: 12 },
  { status: "draft", total: 540, dueIn: null },
  {
    status: "receiving",
    total: 2150.4,
    dueIn: -2,
    lines: [{ description: "Ergonomic task chair", quantity: 8, unit_price: 268.8, delivered: 5 }],
  },
  { status: "received", total: 310, dueIn: -15 },
  {
    status: "receiving",
    total: 455.8,
    dueIn: -1,
    lines: [
      { description: "Cut-resistant gloves (box of 10)", quantity: 4, unit_price: 68.5, delivered: 4 },
      { description: "Safety glasses", quantity: 12, unit_price: 15.15, delivered: 0 },
    ],
  },
  { status: "issued", total: 2750, dueIn: 20 },
  { status: "draft", total: 1640, dueIn: 9 },
  { status: "cancelled", total: 864, dueIn: null },
  {
    status: "receiving",
    total: 389.5,
    dueIn: 0,
    lines: [{ description: "Toner cartridge, black", quantity: 5, unit_price: 77.9, delivered: 2 }],
  },
  { status: "received", total: 185.6, dueIn: -7 },
  { status: "issued", total: 5980, dueIn: 30 },
];

const day = (offset: number) => localDay(addDays(new Date(), offset));

/** Registers the vendors (blocking two through the drawer's toggle) and returns the ids of the active ones. */
export async function seedVendors(client: InjectClient, tokens: DemoTokens): Promise<string[]> {
  const buyer = client.as(tokens.buyer);
  const active: string[] = [];
  for (const v of demoVendors) {
    const renewal_date = v.renewsIn === null ? null : day(v.renewsIn);
    const created = await buyer.call<Vendor>("POST", "/api/vendors", { name: v.name, risk: v.risk, website: v.website, notes: v.notes ?? null, renewal_date });
    for (const document of v.documents ?? []) await fileDocument(buyer, created, document);
    if (v.blocked) await client.as(tokens.admin).call("PATCH", `/api/vendors/${created.id}`, { status: "blocked", reason: v.blocked, notes: v.blocked });
    else active.push(created.id);
  }
  return active;
}

/** Uploads one diligence document, a small text file standing in for the scan a buyer would file. */
async function fileDocument(buyer: InjectClient, vendor: Vendor, [kind, expiresIn]: DemoDocument) {
  const expires_on = expiresIn === null ? null : day(expiresIn);
  const content = `${kind} for ${vendor.name}${expires_on ? `, valid until ${expires_on}` : ""}.\n`;
  const fields: Record<string, string> = expires_on ? { kind, expires_on } : { kind };
  await buyer.upload(`/api/vendors/${vendor.id}/documents`, fields, {
    filename: `${kind}-${vendor.name.toLowerCase().replace(/\W+/g, "-")}.txt`,
    contentType: "text/plain",
    content,
  });
}

/**
 * Raises the orders, the first six for approved requests (their amount, vendor and a note naming them), and records
 * the receipts that bring some to receiving and received. Returns each order as it finally stands.
 */
export async function seedOrders(client: InjectClient, tokens: DemoTokens, vendorIds: string[]): Promise<PurchaseOrder[]> {
  const buyer = client.as(tokens.buyer);
  const finance = client.as(tokens.finance);
  const approved = await buyer.call<PurchaseRequest[]>("GET", "/api/requests?status=approved&limit=6");
  const orders: PurchaseOrder[] = [];
  for (const [i, o] of demoOrders.entries()) {
    const request = approved[i];
    if (request && o.lines) throw new Error("A demo order for a request takes the request's amount, not lines of its own.");
    const vendorId = (request?.vendor_id && vendorIds.includes(request.vendor_id) ? request.vendor_id : vendorIds[i % vendorIds.length]) ?? null;
    const author = i % 5 === 4 ? finance : buyer;
    const order = await author.call<PurchaseOrder>("POST", "/api/orders", {
      // With lines, the total is checked against their sum, so the two cannot drift apart.
      total: request?.amount ?? o.total,
      lines: o.lines?.map(({ delivered: _delivered, ...line }) => line),
      status: poReceiptStatuses.includes(o.status) ? "issued" : o.status,
      vendor_id: vendorId,
      vendor_name: vendorId ? null : "Local supplier",
      request_id: request?.id ?? null,
      expected_date: o.dueIn === null ? null : day(o.dueIn),
      notes: request ? `For request: ${request.title}` : null,
    });
    orders.push(poReceiptStatuses.includes(o.status) ? await receiveDemoOrder(buyer, order, o) : order);
  }
  return orders;
}

/** The delivery that leaves an issued order where the demo shows it: everything for received, `delivered` for receiving. */
async function receiveDemoOrder(buyer: InjectClient, order: PurchaseOrder, demo: (typeof demoOrders)[number]): Promise<PurchaseOrder> {
  const lines = order.lines
    .map((line, n) => ({ line_id: line.id, quantity: demo.status === "received" ? line.quantity : (demo.lines?.[n]?.delivered ?? 0) }))
    .filter((line) => line.quantity > 0);
  await buyer.call("POST", `/api/orders/${order.id}/receipts`, { lines, note: demo.status === "received" ? "Delivered in full." : "Part delivery." });
  return buyer.call<PurchaseOrder>("GET", `/api/orders/${order.id}`);
}
