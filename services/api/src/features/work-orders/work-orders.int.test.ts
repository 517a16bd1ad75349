import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createWorkOrderResponse, emailMessage, workOrder, workOrderTimelineEntry } from "@procure/contracts";
import { startTestApp } from "@procure/infra/testing/test-app";
import { answer, caller, failure, otherRoles, useTestApp } from "@procure/infra/testing/catalogue-kit";

const ctx = useTestApp("workorders");
const call = caller(ctx);
const form = { title: "Replace displays", requesterName: "Facilities", requesterEmail: "facilities@example.com" };
const submit = async (body: object = form) => answer(await call("POST", "/api/work-orders", null, body), 201, createWorkOrderResponse);

describe("public work-order intake", () => {
  it("accepts a signed-out submission: trimmed, blanks as null, priority normal by default", async () => {
    const { id } = await submit({
      title: "  Replace displays  ",
      details: "   ",
      requesterName: " Facilities ",
      requesterEmail: " Desk@Example.com ",
      dueDate: "",
    });
    const stored = answer(await call("GET", `/api/work-orders/${id}`, "buyer"), 200, workOrder);
    expect(stored).toMatchObject({
      title: "Replace displays",
      details: null,
      requester_name: "Facilities",
      requester_email: "desk@example.com",
      priority: "normal",
      due_date: null,
      status: "submitted",
      owner_id: null,
    });
    const urgent = await submit({ ...form, priority: "urgent", dueDate: "2026-12-01", details: " Floor 3 " });
    expect(answer(await call("GET", `/api/work-orders/${urgent.id.toLowerCase()}`, "admin"), 200, workOrder)).toMatchObject({
      priority: "urgent",
      due_date: "2026-12-01",
      details: "Floor 3",
    });
  });

  it("answers missing or invalid fields with a 400 and the form's message", async () => {
    expect(failure(await call("POST", "/api/work-orders", null, { ...form, title: "   " }), 400)).toBe("Title is required.");
    expect(failure(await call("POST", "/api/work-orders", null, { ...form, requesterName: "" }), 400)).toBe("Your name is required.");
    expect(failure(await call("POST", "/api/work-orders", null, { ...form, requesterEmail: "not-an-email" }), 400)).toBe(emailMessage);
    failure(await call("POST", "/api/work-orders", null, { ...form, priority: "whenever" }), 400);
    failure(await call("POST", "/api/work-orders", null, { ...form, dueDate: "next week" }), 400);
  });

  it("gives every one of many concurrent submissions its own short id", async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => submit({ ...form, title: `Burst ${i}` }).then((r) => r.id)));
    expect(new Set(ids).size).toBe(25);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Z]{6}$/);
    const page = await call("GET", "/api/work-orders?limit=10&q=Burst", "buyer");
    expect(answer(page, 200, z.array(workOrder))).toHaveLength(10);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = answer(await call("GET", next!, "buyer"), 200, z.array(workOrder));
    const seen = new Set([...answer(page, 200, z.array(workOrder)), ...second].map((w) => w.id));
    expect(seen.size).toBe(20);
    for (const id of seen) expect(ids).toContain(id);
  });
});

describe("work-order triage", () => {
  it("assigns an owner and moves the status, each change on the timeline", async () => {
    const { id } = await submit();
    const buyer = ctx.users.buyer;
    const assigned = answer(
      await call("PATCH", `/api/work-orders/${id}`, "admin", { owner_id: buyer.id, status: "triaged", note: "Quote requested" }),
      200,
      workOrder,
    );
    expect(assigned).toMatchObject({ owner_id: buyer.id, owner_email: buyer.email, status: "triaged" });
    answer(await call("PATCH", `/api/work-orders/${id}`, "buyer", { status: "completed" }), 200, workOrder);
    answer(await call("PATCH", `/api/work-orders/${id}`, "buyer", { owner_id: null }), 200, workOrder);
    const timeline = answer(await call("GET", `/api/work-orders/${id}/timeline`, "buyer"), 200, z.array(workOrderTimelineEntry));
    expect(timeline.map((e) => [e.action, e.from_status, e.to_status, e.actor_role])).toEqual([
      ["submitted", null, "submitted", null],
      ["assigned", null, null, "admin"],
      ["status changed", "submitted", "triaged", "admin"],
      ["status changed", "triaged", "completed", "buyer"],
      ["unassigned", null, null, "buyer"],
    ]);
    expect(timeline[2]?.detail).toBe("Quote requested");
  });

  it("refuses an owner who cannot triage, an empty change and an unknown work order", async () => {
    const { id } = await submit();
    expect(failure(await call("PATCH", `/api/work-orders/${id}`, "buyer", { owner_id: ctx.users.requester.id }), 400)).toMatch(/buyer or an admin/);
    const nobody = "00000000-0000-4000-8000-000000000bad";
    expect(failure(await call("PATCH", `/api/work-orders/${id}`, "buyer", { owner_id: nobody }), 400)).toMatch(/buyer or an admin/);
    failure(await call("PATCH", `/api/work-orders/${id}`, "buyer", { note: "just a note" }), 400);
    failure(await call("PATCH", `/api/work-orders/${id}`, "buyer", { status: "lost" }), 400);
    failure(await call("PATCH", "/api/work-orders/ZZZZZZ", "buyer", { status: "triaged" }), 404);
    failure(await call("GET", "/api/work-orders/ZZZZZZ/timeline", "buyer"), 404);
    failure(await call("GET", "/api/work-orders/not-an-id!", "buyer"), 400);
  });

  it("lets only buyers and admins see and triage work orders", async () => {
    const { id } = await submit();
    for (const role of otherRoles(["buyer", "admin"])) {
      failure(await call("GET", "/api/work-orders", role), 403);
      failure(await call("GET", `/api/work-orders/${id}`, role), 403);
      failure(await call("PATCH", `/api/work-orders/${id}`, role, { status: "triaged" }), 403);
      failure(await call("GET", `/api/work-orders/${id}/timeline`, role), 403);
    }
    failure(await call("GET", "/api/work-orders", null), 401);
  });
});

describe("rate limiting", () => {
  it("limits public submissions per client with a 429 in the error shape", async () => {
    const limited = await startTestApp("wolimit", { RATE_LIMIT_PUBLIC: "2" });
    try {
      const post = () => limited.call("POST", "/api/work-orders", { body: form });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      expect(failure(await post(), 429)).toMatch(/Too many requests/);
    } finally {
      await limited.stop();
    }
  });
});
