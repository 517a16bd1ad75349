import { describe, expect, it } from "vitest";
import { approvalRuleInput, stagesMessage } from "./approval-rules.ts";
import { catalogueItemPatchBody, categoryBody, categoryPatchBody } from "./catalogue.ts";
import { createWorkOrderBody, updateWorkOrderBody } from "./work-orders.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("approval rule input", () => {
  it("reads form values: numeric strings, a blank maximum as no limit, stages as an array or JSON text", () => {
    expect(approvalRuleInput.parse({ min_amount: "250", max_amount: "", stages: '["approver","finance"]', category_id: "" })).toEqual({
      min_amount: 250,
      max_amount: null,
      stages: ["approver", "finance"],
      category_id: null,
    });
    expect(approvalRuleInput.parse({ min_amount: "" }).min_amount).toBe(0);
  });

  it.each([["approver"], [[]], [["boss"]], [["requester"]], [{ role: "approver" }], [null], ["[not json"]])("rejects stages %j", (stages) => {
    expect(firstMessage(approvalRuleInput.safeParse({ stages }))).toBe(stagesMessage);
  });

  it("rejects a repeated stage and a negative amount", () => {
    expect(approvalRuleInput.safeParse({ stages: ["approver", "approver"] }).success).toBe(false);
    expect(approvalRuleInput.safeParse({ min_amount: -1 }).success).toBe(false);
  });
});

describe("work-order form", () => {
  it("trims, stores blanks as null and defaults the priority to normal", () => {
    const body = createWorkOrderBody.parse({ title: "  Fix it ", details: "   ", requesterName: " Ann ", requesterEmail: " Ann@Example.com ", dueDate: "" });
    expect(body).toEqual({ title: "Fix it", details: null, requesterName: "Ann", requesterEmail: "ann@example.com", priority: "normal", dueDate: null });
    expect(createWorkOrderBody.parse({ ...body, priority: " URGENT ", dueDate: "2026-03-01" })).toMatchObject({ priority: "urgent", dueDate: "2026-03-01" });
  });

  it("requires title, name and email, and a known priority", () => {
    expect(firstMessage(createWorkOrderBody.safeParse({ title: " ", requesterName: "A", requesterEmail: "a@b.co" }))).toBe("Title is required.");
    expect(firstMessage(createWorkOrderBody.safeParse({ title: "T", requesterName: "", requesterEmail: "a@b.co" }))).toBe("Your name is required.");
    expect(createWorkOrderBody.safeParse({ title: "T", requesterName: "A", requesterEmail: "nope" }).success).toBe(false);
    expect(createWorkOrderBody.safeParse({ title: "T", requesterName: "A", requesterEmail: "a@b.co", priority: "asap" }).success).toBe(false);
    expect(updateWorkOrderBody.safeParse({ note: "only a note" }).success).toBe(false);
  });
});

describe("catalogue bodies", () => {
  it("fills defaults on create but never on a PATCH, so a PATCH leaves unnamed fields alone", () => {
    expect(categoryBody.parse({ name: "IT" })).toMatchObject({ preferred_suppliers: [], coverage: [], requires_finance_review: false, contract_number: null });
    expect(categoryPatchBody.parse({ name: "IT" })).toEqual({ name: "IT" });
    expect(catalogueItemPatchBody.parse({ status: "review" })).toEqual({ status: "review" });
  });

  it("refuses a business unit listed twice", () => {
    const coverage = [
      { business_unit: "Sales", level: "full" },
      { business_unit: "sales", level: "none" },
    ];
    expect(categoryBody.safeParse({ name: "IT", coverage }).success).toBe(false);
  });
});
