import type { Invalidation, Position } from "@procure/contracts";
import type { Env } from "@procure/api";

/** What the API thread hands the background thread at start. */
export type BackgroundInput = { env: Env };

/** The projections, relay and webhook dispatcher: everything a process runs besides the API. */
export const backgroundRoles = ["relay", "projector", "webhooks"] as const;

export type Call = { type: "rebuild"; name?: string } | { type: "health"; postgresOk: boolean; natsOk: boolean };

export type ToBackground = { type: "appended"; position: Position } | { type: "call"; id: number; call: Call } | { type: "stop" };

export type FromBackground =
  | { type: "ready" }
  | { type: "failed"; error: string }
  /** Every projection's position, sent whenever one moves (at most once per turn of the thread's loop). */
  | { type: "progress"; positions: Record<string, Position> }
  /** For the API thread to hand to its websocket clients and publish for other processes, as if made there. */
  | { type: "invalidation"; invalidation: Invalidation }
  | { type: "answer"; id: number; value?: unknown; error?: string };
