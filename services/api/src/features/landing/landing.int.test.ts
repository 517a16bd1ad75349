import { describe, expect, it } from "vitest";
import { z } from "zod";
import { approvalRule, landingData, purchaseRequest } from "@procure/contracts";
import { answer, caller, useTestApp } from "@procure/infra/testing/catalogue-kit";
import { formatCycleTime } from "./landing-figures.ts";

const ctx = useTestApp("landing");
const call = caller(ctx);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function buildWorkspace() {
  answer(await call("POST", "/api/approval-rules", "admin", { min_amount: 10_000, stages: ["approver", "finance"] }), 201, approvalRule);
  const raise = async (title: string, amount: number) => answer(await call("POST", "/api/requests", "requester", { title, amount }), 201, purchaseRequest);
  const decide = async (id: string, verdict: "approve" | "deny", as: "approver" | "finance" | "admin") =>
    answer(await call("POST", `/api/requests/${id}/${verdict}`, as, verdict === "deny" ? { comment: "Not this quarter" } : {}), 200, purchaseRequest);
  const overridden = await raise("Falcon secret rollout", 12_000);
  await decide(overridden.id, "approve", "approver");
  await decide(overridden.id, "approve", "admin");
  const small = await raise("Osprey licences", 500);
  await decide(small.id, "approve", "approver");
  const denied = await raise("Heron offsite", 700);
  await decide(denied.id, "deny", "finance");
  await raise("Kestrel chairs", 900);
  await raise("Condor servers", 20_000);

  const vendor = (name: string, renewal: string, status = "active") => call("POST", "/api/vendors", "buyer", { name, status, renewal_date: renewal });
  await vendor("Zebra Renewals Ltd", day(10));
  const later = (await vendor("Yak Supplies", day(60))).json();
  await vendor("Xerus Blocked", day(5), "blocked");
  const blockedLater = (await vendor("Wombat Parts", day(20))).json();
  await call("PATCH", `/api/vendors/${later.id}`, "buyer", { renewal_date: day(15) });
  await call("PATCH", `/api/vendors/${blockedLater.id}`, "buyer", { status: "blocked" });

  const category = (await call("POST", "/api/categories", "buyer", { name: "Desks" })).json();
  const feed = (
    await call("POST", "/api/catalogue/feeds", "buyer", { feed_name: "Desk feed", supplier: "Ergo", format: "csv", category_id: category.id })
  ).json();
  await call("POST", `/api/catalogue/feeds/${feed.id}/imports`, "buyer", { pending_changes: 3 });
  await call("POST", "/api/work-orders", null, { title: "Gannet repair", requesterName: "Petra Visitor", requesterEmail: "petra@visitor.example" });
}

describe("landing data", () => {
  it("is public and computes every figure from the read models", async () => {
    const empty = answer(await call("GET", "/api/marketing/landing", null), 200, landingData);
    expect(empty.heroMetrics.map((m) => m.value)).toEqual(["$0", "—", "—"]);
    await buildWorkspace();

    const body = answer(await call("GET", "/api/marketing/landing", null), 200, landingData);
    const requests = answer(await call("GET", "/api/requests", "admin"), 200, z.array(purchaseRequest));
    const decided = requests.filter((r) => r.status !== "pending");
    const hours = decided.map((r) => (Date.parse(r.updated_at) - Date.parse(r.created_at)) / 3_600_000);
    expect(body.heroMetrics).toEqual([
      { label: "Spend under management", value: "$12.5K" },
      { label: "Median cycle time", value: formatCycleTime(median(hours)) },
      { label: "Policy adherence", value: "67%" },
    ]);
    expect(body.focusSignals.map((s) => [s.label, s.value])).toEqual([
      ["Requests awaiting a decision", "2 requests"],
      ["Approvals due today", "0 decisions"],
      ["Vendor renewals", "2 vendors"],
      ["Catalogue changes to review", "3 changes"],
    ]);
    expect(body.roleViews.map((r) => r.id)).toEqual(["admin", "finance", "buyer", "approver", "requester"]);
    expect(body.roleViews.find((r) => r.id === "approver")?.cadence.at(-1)).toBe("Now: 2 requests waiting on approvers");
    for (const view of body.roleViews) expect(view.tools.every((t) => t.href.startsWith("/"))).toBe(true);
  });

  it("exposes aggregates only: no names, emails, titles or ids", async () => {
    const text = (await call("GET", "/api/marketing/landing", null)).body;
    const requests = answer(await call("GET", "/api/requests", "admin"), 200, z.array(purchaseRequest));
    expect(requests.length).toBeGreaterThan(0);
    const forbidden = [
      ...Object.values(ctx.users).flatMap((u) => [u.email, u.id]),
      ...requests.flatMap((r) => [r.title, r.id]),
      "Zebra",
      "Yak",
      "Xerus",
      "Wombat",
      "Petra",
      "Gannet",
      "Desk feed",
    ];
    for (const secret of forbidden) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/@/);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
