import { describe, expect, it } from "vitest";
import { changedFields } from "./vendor-form";

const body = { status: "blocked", risk: "high", website: null, renewal_date: null, notes: "Late twice", reason: "Quality audit" } as const;

describe("the vendor drawer's save", () => {
  it("sends only the fields that changed", () => {
    expect(changedFields(body, { notes: true })).toEqual({ notes: "Late twice" });
    expect(changedFields(body, { risk: true, website: true })).toEqual({ risk: "high", website: null });
    expect(changedFields(body, {})).toEqual({});
  });

  it("sends the reason only with a change of status", () => {
    expect(changedFields(body, { reason: true })).toEqual({});
    expect(changedFields(body, { status: true, reason: true })).toEqual({ status: "blocked", reason: "Quality audit" });
  });
});
