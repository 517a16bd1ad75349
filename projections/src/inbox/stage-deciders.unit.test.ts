import { describe, expect, it } from "vitest";
import { roles, stageRoles } from "@procure/contracts";
import { actingRoles, decidableStages, whoActsOnOrders, whoMayDecide, type Member } from "./stage-deciders.ts";

const member = (id: string, role: Member["role"], active = true): Member => ({ id, role, active });
const team = [
  member("req", "requester"),
  member("app", "approver"),
  member("app-off", "approver", false),
  member("fin", "finance"),
  member("buy", "buyer"),
  member("buy-off", "buyer", false),
  member("adm", "admin"),
];

describe("who may decide a stage", () => {
  it("is the stage's role and admins, never the one who asked, never a deactivated member", () => {
    expect(whoMayDecide(team, { requesterId: "req", stageRole: "approver" })).toEqual(["app", "adm"]);
    expect(whoMayDecide(team, { requesterId: "req", stageRole: "finance" })).toEqual(["fin", "adm"]);
    expect(whoMayDecide(team, { requesterId: "adm", stageRole: "finance" })).toEqual(["fin"]);
  });

  it("is every role that decides for a request routed to no stage", () => {
    expect(whoMayDecide(team, { requesterId: "req", stageRole: null })).toEqual(["app", "fin", "adm"]);
  });

  it("agrees with the stages a member may take", () => {
    expect(decidableStages(member("app", "approver"))).toEqual({ stageRoles: [null, "approver"], ownRequests: false });
    expect(decidableStages(member("adm", "admin")).stageRoles).toEqual([null, "approver", "buyer", "finance", "admin"]);
    expect(decidableStages(member("req", "requester")).stageRoles).toEqual([]);
    expect(decidableStages(member("app-off", "approver", false)).stageRoles).toEqual([]);
  });
});

describe("who acts on orders", () => {
  it("is every active buyer", () => {
    expect(whoActsOnOrders(team)).toEqual(["buy"]);
  });
});

describe("the roles a batch loads", () => {
  it("leave out only roles whose members never decide a stage nor act on orders", () => {
    expect(actingRoles).toEqual(["approver", "buyer", "finance", "admin"]);
    const left = roles.filter((role) => !actingRoles.includes(role)).map((role) => member(`m-${role}`, role));
    for (const stageRole of [null, ...stageRoles]) {
      for (const requesterId of ["someone", ...left.map((m) => m.id)]) expect(whoMayDecide(left, { requesterId, stageRole })).toEqual([]);
    }
    expect(whoActsOnOrders(left)).toEqual([]);
  });
});
