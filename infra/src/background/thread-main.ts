import { readlinkSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { Invalidation, Position } from "@procure/contracts";
import { comparePositions } from "@procure/eventstore";
import { startRuntime } from "../runtime.ts";
import { backgroundHealth } from "./health.ts";
import { gatherEachTurn } from "../gather-each-turn.ts";
import { backgroundRoles, type BackgroundInput, type Call, type FromBackground, type ToBackground } from "./messages.ts";

/** The background thread's entry: the relay, projections and webhook dispatcher over their own connections. */
const port = parentPort!;
const post = (message: FromBackground) => port.postMessage(message);
const { env, appendsInFlight } = workerData as BackgroundInput;

try {
  const runtime = await startRuntime(env, backgroundRoles, undefined, { appendsInFlight });
  // Invalidations go to the API thread, whose bus delivers them to this process's browsers and to the others.
  runtime.bus.publishInvalidation = gatherEachTurn<Invalidation>((invalidations) => post({ type: "invalidations", invalidations }), "microtask");
  const runner = runtime.runner!;
  const health = backgroundHealth(runtime.relay, runner);

  // A batch moves several projections at once; only those that moved since the last report are sent.
  const reported = new Map<string, Position>();
  const reportProgress = gatherEachTurn<void>(() => {
    const positions: Record<string, Position> = {};
    for (const projection of runner.projections) {
      const at = runner.positionOf([projection.name]);
      const before = reported.get(projection.name);
      if (before && comparePositions(before, at) === 0) continue;
      positions[projection.name] = at;
      reported.set(projection.name, at);
    }
    if (Object.keys(positions).length > 0) post({ type: "progress", positions });
  });
  runner.onProgress(reportProgress);

  const answer = async (call: Call): Promise<unknown> => {
    if (call.type === "rebuild") return runner.rebuild(call.name);
    if (call.type === "applyTimes") return runner.applyTimes.snapshot();
    return health(call);
  };

  port.on("message", (message: ToBackground) => {
    if (message.type === "appended") runtime.store.announceAppended(message.position);
    else if (message.type === "call") {
      answer(message.call).then(
        (value) => post({ type: "answer", id: message.id, value }),
        (error: unknown) => post({ type: "answer", id: message.id, error: String(error) }),
      );
    } else if (message.type === "stop") {
      // Closing the port once every part has stopped lets the thread end; the API thread waits for that.
      void runtime.stop().finally(() => port.close());
    }
  });
  reportProgress();
  post({ type: "ready", osThreadId: osThreadId() });
} catch (error) {
  post({ type: "failed", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  port.close();
}

/** This thread's id in /proc (Linux), so its CPU can be told from the API thread's. */
function osThreadId(): number | null {
  try {
    return Number(readlinkSync("/proc/thread-self").split("/").at(-1));
  } catch {
    return null;
  }
}
