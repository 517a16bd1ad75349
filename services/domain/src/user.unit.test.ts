import { describe, expect, it } from "vitest";
import type { NewEvent, UserCommand } from "@procure/contracts";
import { userDecider } from "./user.ts";

const userId = "11111111-1111-4111-8111-111111111111";
const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: userId };
const decide = (events: NewEvent[], command: UserCommand) => userDecider.decide(events.reduce(userDecider.evolve, userDecider.initialState), command, context);
const registered = decide([], {
  type: "RegisterUser",
  user: { user_id: userId, email: "a@example.com", role: "admin", password_set: true, invited_by: null },
});

describe("user decider", () => {
  it("registers a user once", () => {
    expect(registered.map((e) => e.type)).toEqual(["UserRegistered"]);
    expect(() => decide(registered, { type: "RegisterUser", user: registered[0]!.data as never })).toThrow(/already exists/);
  });

  it("changes the role of a registered user, and records nothing when the role is the one held", () => {
    const demoted = decide(registered, { type: "ChangeUserRole", role: "buyer" });
    expect(demoted).toEqual([{ type: "UserRoleChanged", data: { user_id: userId, role: "buyer" } }]);
    expect(decide([...registered, ...demoted], { type: "ChangeUserRole", role: "buyer" })).toEqual([]);
    expect(decide([...registered, ...demoted], { type: "ChangeUserRole", role: "admin" })).toHaveLength(1);
  });

  it("refuses to change the role of a user who does not exist", () => {
    expect(() => decide([], { type: "ChangeUserRole", role: "buyer" })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });

  it("deactivates and reactivates once each, recording nothing for the state already held", () => {
    const off = decide(registered, { type: "UpdateMember", active: false });
    expect(off).toEqual([{ type: "UserDeactivated", data: { user_id: userId } }]);
    expect(decide([...registered, ...off], { type: "UpdateMember", active: false })).toEqual([]);
    expect(decide(registered, { type: "UpdateMember", active: true })).toEqual([]);
    expect(decide([...registered, ...off], { type: "UpdateMember", active: true })).toEqual([{ type: "UserReactivated", data: { user_id: userId } }]);
  });

  it("changes role and activity in one decision", () => {
    expect(decide(registered, { type: "UpdateMember", role: "buyer", active: false }).map((e) => e.type)).toEqual(["UserRoleChanged", "UserDeactivated"]);
    expect(decide(registered, { type: "UpdateMember", role: "admin" })).toEqual([]);
  });

  it("records a password reset and the user's own change without any secret", () => {
    expect(decide(registered, { type: "ResetUserPassword" })).toEqual([{ type: "UserPasswordReset", data: { user_id: userId } }]);
    expect(decide(registered, { type: "ChangeOwnPassword" })).toEqual([{ type: "UserPasswordChanged", data: { user_id: userId } }]);
    expect(() => decide([], { type: "ResetUserPassword" })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });

  it("records what the user saw, and nothing for an empty list", () => {
    const requestId = "22222222-2222-4222-8222-222222222222";
    expect(decide(registered, { type: "MarkRequestsSeen", request_ids: [requestId] })).toEqual([
      { type: "UserSawRequests", data: { user_id: userId, request_ids: [requestId] } },
    ]);
    expect(decide(registered, { type: "MarkRequestsSeen", request_ids: [] })).toEqual([]);
  });
});
