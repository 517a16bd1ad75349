import type { HealthReport } from "../api/get-health";

export type Tone = "success" | "warning" | "error" | "neutral";
export type Part = { label: string; state: string; detail: string; tone: Tone };
export type FeedState = { tone: Tone; headline: string; summary: string; parts: Part[] };

const events = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "event" : "events"}`;

function relayPart(relay: HealthReport["relay"]): Part {
  const label = "Event relay";
  if (!relay) return { label, state: "Not reported", detail: "The server did not report its relay.", tone: "neutral" };
  if (!relay.ok) return { label, state: "Stalled", detail: relay.error || "The relay stopped publishing committed events.", tone: "error" };
  if (relay.behind == null) return { label, state: "Running", detail: "Publishes committed events to the bus.", tone: "success" };
  if (relay.behind > 0) return { label, state: `${events(relay.behind)} to publish`, detail: "Committed events waiting for the bus.", tone: "warning" };
  return { label, state: "Up to date", detail: "Every committed event is on the bus.", tone: "success" };
}

function projectionPart(projections: HealthReport["projections"]): Part {
  const label = "Read models";
  if (!projections) return { label, state: "Not reported", detail: "The server did not report its projections.", tone: "neutral" };
  if (!projections.ok) return { label, state: "Failing", detail: projections.error || "The projections stopped applying events.", tone: "error" };
  const lag = projections.lag;
  if (!lag) return { label, state: "Unknown", detail: "The lag cannot be measured while the database is unreachable.", tone: "warning" };
  if (lag.behind > 0) return { label, state: `${events(lag.behind)} behind`, detail: "Screens may show the last few changes a moment late.", tone: "warning" };
  return { label, state: "Up to date", detail: "Lists and figures reflect every event.", tone: "success" };
}

function dependencyPart(label: string, check: { ok: boolean; error?: string | null } | undefined, up: string): Part {
  if (!check) return { label, state: "Not reported", detail: "", tone: "neutral" };
  return check.ok ? { label, state: "Reachable", detail: up, tone: "success" } : { label, state: "Unreachable", detail: check.error || "", tone: "error" };
}

const busNames: Record<string, string> = { nats: "NATS", memory: "the in-process bus" };
const busDetail = (kind: string | undefined) => `Invalidations reach open screens${kind ? ` over ${busNames[kind] ?? kind}` : ""}.`;

/** What the automation panel says about the live event feed, from one health reading. */
export function feedState(report: HealthReport): FeedState {
  const parts = [
    relayPart(report.relay),
    projectionPart(report.projections),
    dependencyPart("Database", report.postgres, "Commands and read models are stored."),
    dependencyPart("Event bus", report.nats, busDetail(report.nats?.kind)),
  ];
  if (report.status === "degraded" || parts.some((p) => p.tone === "error")) {
    return { tone: "error", headline: "Degraded", summary: "Part of the live feed is down; open screens may not refresh until it recovers.", parts };
  }
  if (parts.some((p) => p.tone === "warning")) {
    return { tone: "warning", headline: "Catching up", summary: "Events are flowing but some are still on their way to the screens.", parts };
  }
  return { tone: "success", headline: "Live", summary: "Changes reach every open screen as they happen.", parts };
}
