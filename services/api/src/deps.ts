import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import type { Bus, EventStore } from "@procure/eventstore";
import type { ApplyTimesSnapshot, Database } from "@procure/projections";
import type { FileStore } from "./file-stores/file-store.ts";
import type { Env } from "./env.ts";

/** How far the read models are; the API waits on it so a read right after a write shows the write. */
export interface ProjectionProgress {
  /** Waits until the named projections (all, without names) have applied `position`; says whether they did in time. */
  waitFor(position: Position, timeoutMs: number, projections?: readonly string[]): Promise<boolean>;
  /** The events the slowest read model has yet to apply (at most 100,000), and the oldest one's age. */
  lag(): Promise<{ head: Position; projected: Position; behind: number; behindSeconds: number }>;
  /** How long each projection took to apply its batches, where they run in this process (null elsewhere). */
  applyTimes?(): Promise<ApplyTimesSnapshot | null>;
}

export type HealthCheck = () => Promise<Record<string, unknown>>;

export type AppDeps = {
  env: Env;
  db: Kysely<Database>;
  store: EventStore;
  bus: Bus;
  progress: ProjectionProgress;
  files: FileStore;
  jwtSecret: string;
  health: HealthCheck;
};
