import type { Worker } from "node:worker_threads";
import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import type { ProjectionProgress } from "@procure/api/setup";
import { maxPosition, type Bus, type EventStore } from "@procure/eventstore";
import { allProjections, type ApplyTimesSnapshot, type Database } from "@procure/projections";
import { siblingModule, startModuleWorker } from "../module-worker.ts";
import { gatherEachTurn } from "../gather-each-turn.ts";
import { lagBetween } from "../progress.ts";
import { ProjectionPositions } from "../projection-positions.ts";
import type { BackgroundInput, Call, FromBackground, ToBackground } from "./messages.ts";
import type { BackgroundHealth } from "./health.ts";

type Log = (message: string, extra?: Record<string, unknown>) => void;

const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * The projections, relay and webhook dispatcher in a worker thread of the API's process, so their work does not
 * queue behind requests on one event loop (nor requests behind it). The API's appends wake the thread at once,
 * and the thread reports every projection's position, so a command waits for its read models without asking
 * Postgres. Its invalidations come back the same way: the API thread's bus hands them to this process's websocket
 * clients, even while NATS is down, and publishes them for the other processes. A thread that dies is started
 * again; meanwhile commands wait as for a projector that is behind.
 */
export class BackgroundThread implements ProjectionProgress {
  private worker: Worker | null = null;
  /** The thread's id in /proc once it started (Linux): its CPU, apart from the API thread's. */
  osThreadId: number | null = null;
  private readonly positions = new ProjectionPositions(allProjections);
  private readonly calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextCall = 0;
  private stopping = false;
  private readonly stopWatchingAppends: () => void;

  private constructor(
    private readonly input: BackgroundInput,
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly bus: Bus,
    private readonly log: Log,
  ) {
    // Appends that land in one turn of the loop wake the thread once, with the newest of them.
    const announce = gatherEachTurn<Position>((positions) => this.send({ type: "appended", position: positions.reduce(maxPosition) }));
    this.stopWatchingAppends = store.onAppended(announce);
  }

  static async start(input: BackgroundInput, db: Kysely<Database>, store: EventStore, bus: Bus, log: Log): Promise<BackgroundThread> {
    const thread = new BackgroundThread(input, db, store, bus, log);
    await thread.spawn();
    return thread;
  }

  private spawn(): Promise<void> {
    const worker = startModuleWorker(siblingModule(import.meta.url, "thread-main"), this.input);
    this.worker = worker;
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on("message", (message: FromBackground) => {
        if (message.type === "ready") {
          ready = true;
          this.osThreadId = message.osThreadId;
          resolve();
        } else if (message.type === "failed" && !ready) {
          // What it did open (a pool, a connection) must not keep a thread that failed alive.
          void worker.terminate();
          reject(new Error(`The background thread did not start: ${message.error}`));
        } else this.receive(message);
      });
      worker.on("error", (error) => {
        if (!ready) reject(error);
        else this.log("background thread failed", { error: String(error) });
      });
      worker.on("exit", (code) => {
        if (this.worker === worker) this.worker = null;
        for (const call of [...this.calls.values()]) call.reject(new Error("The background thread stopped"));
        if (!ready || this.stopping) return;
        this.log("background thread exited; starting it again", { code });
        this.restartAfter(RESTART_DELAY_MS);
      });
    });
  }

  /** Starts the thread again after `delayMs`, and again with a longer delay while it fails to start (Postgres down). */
  private restartAfter(delayMs: number) {
    setTimeout(() => {
      if (this.stopping) return;
      this.spawn().catch((error: unknown) => {
        this.log("background thread did not restart; trying again", { error: String(error) });
        this.restartAfter(Math.min(delayMs * 2, MAX_RESTART_DELAY_MS));
      });
    }, delayMs).unref();
  }

  /** The worker running now; null while it is being started again. */
  get thread(): Worker | null {
    return this.worker;
  }

  private receive(message: FromBackground) {
    if (message.type === "progress") {
      this.positions.update(Object.entries(message.positions));
    } else if (message.type === "invalidations") {
      for (const invalidation of message.invalidations) this.bus.publishInvalidation(invalidation);
    } else if (message.type === "answer") {
      const call = this.calls.get(message.id);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.value);
    }
  }

  private send(message: ToBackground) {
    this.worker?.postMessage(message);
  }

  /** Asks the thread to do `call`; without an answer within `timeoutMs` (when given), fails. */
  private call<T>(call: Call, timeoutMs?: number): Promise<T> {
    if (!this.worker) return Promise.reject(new Error("The background thread is not running"));
    const id = this.nextCall++;
    return new Promise<T>((resolve, reject) => {
      const timer =
        timeoutMs === undefined ? null : setTimeout(() => settle(() => reject(new Error("The background thread did not answer in time"))), timeoutMs);
      const settle = (done: () => void) => {
        if (timer) clearTimeout(timer);
        this.calls.delete(id);
        done();
      };
      this.calls.set(id, { resolve: (value) => settle(() => resolve(value as T)), reject: (error) => settle(() => reject(error)) });
      this.send({ type: "call", id, call });
    });
  }

  waitFor(position: Position, timeoutMs: number, names?: readonly string[]): Promise<boolean> {
    return this.positions.waitFor(position, timeoutMs, names);
  }

  /** The lowest position the thread last reported for the named projections. */
  positionOf(names: readonly string[]): Position {
    return this.positions.lowest(names);
  }

  async lag() {
    return lagBetween(this.db, await this.store.headPosition(), this.positions.lowest());
  }

  health: BackgroundHealth = (status) => this.call({ type: "health", ...status }, HEALTH_TIMEOUT_MS);

  applyTimes(): Promise<ApplyTimesSnapshot | null> {
    return this.call({ type: "applyTimes" }, HEALTH_TIMEOUT_MS);
  }

  /** Replays one projection, or all, in the background thread (see ProjectionGroups.rebuild). */
  rebuild(name?: string): Promise<void> {
    return this.call({ type: "rebuild", name });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopWatchingAppends();
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    this.send({ type: "stop" });
    // A thread whose parts stopped but that something still holds open is ended rather than waited for.
    const ended = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS).unref())]);
    if (!ended) await worker.terminate();
  }
}
