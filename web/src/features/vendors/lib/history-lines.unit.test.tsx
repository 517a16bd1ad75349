import { describe, expect, it } from "vitest";
import { historyLine } from "./history-lines";

const at = "2026-03-01T10:00:00.000Z";

describe("vendor history lines", () => {
  it("says what happened, with the reason for a block or an unblock", () => {
    expect(historyLine({ type: "registered", actor_email: null, recorded_at: at })).toBe("Registered");
    expect(historyLine({ type: "blocked", actor_email: "b@x.test", recorded_at: at, reason: "Expired certificate" })).toBe("Blocked: Expired certificate");
    expect(historyLine({ type: "unblocked", actor_email: "b@x.test", recorded_at: at, reason: null })).toBe("Unblocked");
  });

  it("names the fields an edit changed", () => {
    expect(historyLine({ type: "updated", actor_email: "b@x.test", recorded_at: at, changes: ["risk", "renewal_date"] })).toBe("Updated risk, renewal date");
    expect(historyLine({ type: "updated", actor_email: "b@x.test", recorded_at: at, changes: [] })).toBe("Updated");
  });
});
