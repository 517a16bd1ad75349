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
});
