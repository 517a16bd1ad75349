import { describe, expect, it } from "vitest";
import { decisionRefusal } from "./decision-rule.ts";

const target = (stageRole: Parameters<typeof decisionRefusal>[1]["stageRole"]) => ({ requesterId: "raiser", stageRole });

describe("who may decide a request", () => {
  it("lets any deciding role decide an unrouted request, but nobody their own", () => {
    for (const role of ["approver", "finance", "admin"] as const) expect(decisionRefusal({ role, userId: "other" }, target(null))).toBeNull();
    for (const role of ["requester", "buyer"] as const)
      expect(decisionRefusal({ role, userId: "other" }, target(null))).toBe("Your role cannot approve or deny requests.");
    expect(decisionRefusal({ role: "admin", userId: "raiser" }, target(null))).toBe("You cannot approve or deny your own request.");
  });

  it("hands a routed request to its waiting stage's role, with admins standing in", () => {
    expect(decisionRefusal({ role: "buyer", userId: "other" }, target("buyer"))).toBeNull();
    expect(decisionRefusal({ role: "admin", userId: "other" }, target("finance"))).toBeNull();
    expect(decisionRefusal({ role: "approver", userId: "other" }, target("finance"))).toBe("This request is waiting for the finance stage.");
  });
});
