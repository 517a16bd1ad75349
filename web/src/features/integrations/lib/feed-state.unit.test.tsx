import { describe, expect, it } from "vitest";
import type { HealthReport } from "../api/get-health";
import { feedState } from "./feed-state";

const at = (pos: string) => ({ tx: "1", pos });
const healthy: HealthReport = {
  status: "ok",
  postgres: { ok: true },
  nats: { ok: true, kind: "nats" },
  projections: { ok: true, lag: { head: at("10"), projected: at("10"), behind: 0 }, error: null },
  relay: { ok: true, error: null, behind: 0 },
};
const states = (report: HealthReport) => feedState(report).parts.map((p) => `${p.label}: ${p.state}`);

describe("the live event feed's state", () => {
  it("is live when the relay and the read models are up to date", () => {
    expect(feedState(healthy).headline).toBe("Live");
    expect(states(healthy)).toEqual(["Event relay: Up to date", "Read models: Up to date", "Database: Reachable", "Event bus: Reachable"]);
    expect(feedState(healthy).parts[3]?.detail).toBe("Invalidations reach open screens over NATS.");
  });

  it("is catching up while events wait to be published or projected", () => {
    const report: HealthReport = {
      ...healthy,
      relay: { ok: true, error: null, behind: 1 },
      projections: { ok: true, lag: { head: at("12"), projected: at("10"), behind: 1_204 }, error: null },
    };
    expect(feedState(report)).toMatchObject({ headline: "Catching up", tone: "warning" });
    expect(states(report).slice(0, 2)).toEqual(["Event relay: 1 event to publish", "Read models: 1,204 events behind"]);
  });

  it("is degraded when a part fails, naming the failure", () => {
    const report: HealthReport = { ...healthy, status: "degraded", nats: { ok: false }, relay: { ok: false, error: "bus closed", behind: 3 } };
    const state = feedState(report);
    expect(state).toMatchObject({ headline: "Degraded", tone: "error" });
    expect(state.parts[0]).toMatchObject({ state: "Stalled", detail: "bus closed" });
    expect(states(report)[3]).toBe("Event bus: Unreachable");
  });

  it("does not guess what the server left out", () => {
    const report: HealthReport = { status: "ok", postgres: { ok: false }, projections: { ok: true, lag: null }, relay: { ok: true } };
    expect(states(report)).toEqual(["Event relay: Running", "Read models: Unknown", "Database: Unreachable", "Event bus: Not reported"]);
    expect(feedState(report).headline).toBe("Degraded");
  });
});
