import { describe, expect, it } from "vitest";
import { duplicateStageMessage, ruleRangeMessage, stagesMessage } from "@procure/contracts";
import type { ResolverOptions } from "react-hook-form";
import { blankRule, ruleResolver, ruleToForm, type RuleFormValues } from "./rule-form";
import { invalidStagesJsonMessage, readStagesText, stagesText } from "./stages-text";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<RuleFormValues>;
const resolve = (patch: Partial<RuleFormValues>) => ruleResolver({ ...blankRule, ...patch }, undefined, options);
const messages = async (patch: Partial<RuleFormValues>) =>
  Object.fromEntries(Object.entries((await resolve(patch)).errors).map(([field, error]) => [field, error?.message]));

describe("the stages box", () => {
  it("reads a JSON array and refuses text that is not JSON", () => {
    expect(readStagesText('["approver", "finance"]')).toEqual({ ok: true, value: ["approver", "finance"] });
    expect(readStagesText("[approver, finance]")).toEqual({ ok: false, message: invalidStagesJsonMessage });
    expect(readStagesText("['approver']")).toEqual({ ok: false, message: invalidStagesJsonMessage });
    expect(readStagesText("   ")).toEqual({ ok: false, message: invalidStagesJsonMessage });
  });

  it("starts from the default stage, approver", () => {
    expect(stagesText()).toBe('["approver"]');
    expect(blankRule.stages).toBe('["approver"]');
  });
});

describe("the rule form's resolver", () => {
  it("turns the typed text into the body the API takes", async () => {
    const result = await resolve({ name: " Large ", min_amount: "10000", max_amount: "", stages: '["approver","finance"]' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: "Large",
      min_amount: 10_000,
      max_amount: null,
      category_id: null,
      vendor_id: null,
      stages: ["approver", "finance"],
      over_budget_stages: [],
      active: true,
    });
  });

  it("reads the over-budget stages as none when blank, and words them like the stages", async () => {
    const result = await resolve({ over_budget_stages: ' ["finance"] ' });
    expect(result.values).toMatchObject({ over_budget_stages: ["finance"] });
    expect(await messages({ over_budget_stages: "finance" })).toEqual({ over_budget_stages: invalidStagesJsonMessage });
    expect(await messages({ over_budget_stages: '["requester"]' })).toEqual({ over_budget_stages: stagesMessage });
  });

  it("says clearly when the stages are not JSON", async () => {
    expect(await messages({ stages: "approver, finance" })).toEqual({ stages: invalidStagesJsonMessage });
  });

  it("keeps the contract's wording for JSON that names the wrong roles or repeats one", async () => {
    expect(await messages({ stages: '["requester"]' })).toEqual({ stages: stagesMessage });
    expect(await messages({ stages: "[]" })).toEqual({ stages: stagesMessage });
    expect(await messages({ stages: '{"role":"approver"}' })).toEqual({ stages: stagesMessage });
    expect(await messages({ stages: '["finance","finance"]' })).toEqual({ stages: duplicateStageMessage });
  });

  it("words bad amounts plainly and checks that the range runs upwards", async () => {
    expect(await messages({ min_amount: "-5" })).toEqual({ min_amount: "Enter a minimum of 0 or more." });
    expect(await messages({ max_amount: "lots" })).toEqual({ max_amount: "Enter an amount of 0 or more, or leave it blank." });
    expect(await messages({ min_amount: "500", max_amount: "100" })).toEqual({ max_amount: ruleRangeMessage });
    expect((await resolve({ min_amount: "" })).values).toMatchObject({ min_amount: 0 });
  });

  it("fills the form from a saved rule", () => {
    const rule = {
      id: "4b0c3c55-1f8e-4a5e-9d8e-6f0c1a2b3c4d",
      name: "Big",
      min_amount: 100,
      max_amount: null,
      category_id: null,
      category_name: null,
      vendor_id: "v1",
      stages: ["approver", "finance"] as const,
      over_budget_stages: [],
      active: false,
      created_at: "",
      updated_at: "",
      version: 1,
    };
    expect(ruleToForm({ ...rule, stages: [...rule.stages] })).toEqual({
      name: "Big",
      min_amount: "100",
      max_amount: "",
      category_id: "",
      vendor_id: "v1",
      stages: '["approver","finance"]',
      over_budget_stages: "",
      active: false,
    });
  });
});
