import { describe, expect, it } from "vitest";
import { notificationPreferencesDecider as decider } from "./notification-preferences.ts";

const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: "7b0e9a52-5b8e-4d3c-9a51-2f1c8f0d6a10" };

describe("notification preferences", () => {
  it("starts at immediate and records a change once", () => {
    const events = decider.decide(decider.initialState, { type: "SetEmailPreference", email: "off", via: "unsubscribe-link" }, context);
    expect(events).toEqual([{ type: "NotificationPreferenceSet", data: { user_id: context.id, email: "off", via: "unsubscribe-link" } }]);
    const state = events.reduce(decider.evolve, decider.initialState);
    expect(state).toEqual({ email: "off", version: 1 });
    expect(decider.decide(state, { type: "SetEmailPreference", email: "off", via: "settings" }, context)).toEqual([]);
  });
});

describe("an unsubscribe link", () => {
  const set = (email: "immediate" | "off", via: "settings" | "unsubscribe-link" = "settings") => ({ type: "SetEmailPreference" as const, email, via });
  const fold = (...emails: ("immediate" | "off")[]) =>
    emails.reduce((state, email) => decider.decide(state, set(email), context).reduce(decider.evolve, state), decider.initialState);

  it("made for the preference as it stands turns e-mail off", () => {
    const state = fold("off", "immediate");
    expect(state.version).toBe(2);
    expect(decider.decide(state, { ...set("off", "unsubscribe-link"), link_version: 2 }, context)).toHaveLength(1);
  });

  it("made before the user's last change is refused as out of date", () => {
    const state = fold("off", "immediate");
    expect(() => decider.decide(state, { ...set("off", "unsubscribe-link"), link_version: 1 }, context)).toThrow(/out of date/);
    expect(() => decider.decide(state, { ...set("off", "unsubscribe-link"), link_version: 0 }, context)).toThrow(/out of date/);
  });

  it("clicked again once e-mail is off changes nothing and is not refused", () => {
    const state = fold("off");
    expect(decider.decide(state, { ...set("off", "unsubscribe-link"), link_version: 0 }, context)).toEqual([]);
  });
});
