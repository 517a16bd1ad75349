import { describe, expect, it } from "vitest";
import { notificationPreferencesDecider as decider } from "./notification-preferences.ts";

const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: "7b0e9a52-5b8e-4d3c-9a51-2f1c8f0d6a10" };

describe("notification preferences", () => {
  it("starts at immediate and records a change once", () => {
    const events = decider.decide(decider.initialState, { type: "SetEmailPreference", email: "off", via: "unsubscribe-link" }, context);
    expect(events).toEqual([{ type: "NotificationPreferenceSet", data: { user_id: context.id, email: "off", via: "unsubscribe-link" } }]);
    const state = events.reduce(decider.evolve, decider.initialState);
    expect(state).toEqual({ email: "off" });
    expect(decider.decide(state, { type: "SetEmailPreference", email: "off", via: "settings" }, context)).toEqual([]);
  });
});
