import type { Invalidation, Position } from "@procure/contracts";
import type { Env } from "@procure/api/setup";

/** What the API thread hands the background thread at start: with its count of appends in flight (AppendsInFlight). */
export type BackgroundInput = { env: Env; appendsInFlight: SharedArrayBuffer };

/** The projections, relay, webhook dispatcher and notifier: everything a process runs besides the API. */
export const backgroundRoles = ["relay", "projector", "webhooks", "notifier"] as const;

export type Call = { type: "rebuild"; name?: string } | { type: "health"; postgresOk: boolean; natsOk: boolean } | { type: "applyTimes" };

/** `appended`: the newest of the appends that landed in one turn of the API thread's loop. */
export type ToBackground = { type: "appended"; position: Position } | { type: "call"; id: number; call: Call } | { type: "stop" };

export type FromBackground =
  /** `osThreadId`: the thread's id as the kernel knows it (`top -H`, /proc/<pid>/task), where there is one to read. */
  | { type: "ready"; osThreadId: number | null }
  | { type: "failed"; error: string }
  /** Every projection's position, sent whenever one moves (at most once per turn of the thread's loop). */
  | { type: "progress"; positions: Record<string, Position> }
  /**
   * A batch's invalidations, for the API thread to hand to its websocket clients and publish for other processes, as
   * if made there: together, so they leave in one write to the bus.
   */
  | { type: "invalidations"; invalidations: Invalidation[] }
  | { type: "answer"; id: number; value?: unknown; error?: string };
