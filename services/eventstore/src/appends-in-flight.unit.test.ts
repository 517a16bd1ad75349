import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import type { Position, StoredEvent } from "@procure/contracts";
import { AppendsInFlight } from "./appends-in-flight.ts";
import type { EventStore } from "./event-store.ts";
import { SharedLog } from "./shared-log.ts";

const elapsedOf = async (work: Promise<unknown>) => {
  const started = performance.now();
  await work;
  return performance.now() - started;
};

describe("AppendsInFlight", () => {
  it("costs a reader nothing while no append is in flight", () => {
    expect(AppendsInFlight.counter().settled(50)).toBeNull();
  });

  it("lets a reader go as soon as the last append in flight lands", async () => {
    const appends = AppendsInFlight.counter();
    appends.begin();
    appends.begin();
    let released = false;
    const settled = appends.settled(5_000)!.then(() => (released = true));
    appends.end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(released).toBe(false);
    appends.end();
    expect(await elapsedOf(settled)).toBeLessThan(1_000);
    expect(appends.size).toBe(0);
  });

  it("holds a reader only for the appends begun before it came, not for those that keep coming after", async () => {
    const appends = AppendsInFlight.counter();
    appends.begin();
    const settled = appends.settled(5_000)!;
    appends.begin();
    appends.end();
    expect(await elapsedOf(settled)).toBeLessThan(1_000);
    expect(appends.size).toBe(1);
  });

  it("holds a reader no longer than it was told, however long an append takes", async () => {
    const appends = AppendsInFlight.counter();
    appends.begin();
    const waited = await elapsedOf(appends.settled(30)!);
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(1_000);
    expect(appends.size).toBe(1);
  });

  it("is shared with another thread, which sees the appends in flight and is woken when they land", async () => {
    const appends = AppendsInFlight.counter();
    appends.begin();
    const module = JSON.stringify(new URL("./appends-in-flight.ts", import.meta.url).href);
    const loader = JSON.stringify(import.meta.resolve("tsx/esm/api"));
    const worker = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       import(${loader})
         .then(({ register }) => (register(), import(${module})))
         .then(async ({ AppendsInFlight }) => {
           const appends = AppendsInFlight.watching(workerData);
           parentPort.postMessage({ seen: appends.size });
           const started = Date.now();
           await appends.settled(3000);
           parentPort.postMessage({ now: appends.size, waitedLong: Date.now() - started >= 2500 });
         })
         .catch((error) => parentPort.postMessage({ error: String(error) }));`,
      { eval: true, workerData: appends.buffer },
    );
    try {
      const messages: unknown[] = [];
      await new Promise<void>((resolve, reject) => {
        worker.on("error", reject);
        worker.on("message", (message: { seen?: number }) => {
          messages.push(message);
          // Lands a moment after the other thread began to wait.
          if (message.seen === 1) setTimeout(() => appends.end(), 50);
          else resolve();
        });
      });
      expect(messages).toEqual([{ seen: 1 }, { now: 0, waitedLong: false }]);
    } finally {
      await worker.terminate();
    }
  });

  it("leaves the count to the thread that owns it: a watching thread's own appends are not counted", () => {
    const owner = AppendsInFlight.counter();
    const watcher = AppendsInFlight.watching(owner.buffer);
    owner.begin();
    watcher.begin();
    expect(watcher.size).toBe(1);
    watcher.end();
    expect(owner.size).toBe(1);
    owner.end();
    expect(watcher.size).toBe(0);
    expect(watcher.settled(50)).toBeNull();
  });
});

describe("SharedLog", () => {
  const event = (pos: number) => ({ transaction_id: "1", global_position: String(pos) }) as StoredEvent;

  /** A store whose log holds what `committed` says at the moment each read reaches it. */
  function fakeStore(committed: StoredEvent[]) {
    const reads: Position[] = [];
    const store = {
      appendsInFlight: AppendsInFlight.counter(),
      readAll: async (from: Position) => {
        reads.push(from);
        return committed.filter((e) => BigInt(e.global_position) > BigInt(from.pos));
      },
    };
    return { store: store as unknown as EventStore, reads, appends: store.appendsInFlight };
  }

  it("waits for the appends in flight, so one read takes them with the one that woke it", async () => {
    const committed = [event(1)];
    const { store, reads, appends } = fakeStore(committed);
    appends.begin();
    const read = new SharedLog(store).read({ tx: "0", pos: "0" }, 100);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(0);
    committed.push(event(2));
    appends.end();
    expect((await read).map((e) => e.global_position)).toEqual(["1", "2"]);
    expect(reads).toHaveLength(1);
  });

  it("shares the waiting read with readers woken at the same moment", async () => {
    const { store, reads, appends } = fakeStore([event(1)]);
    const log = new SharedLog(store);
    appends.begin();
    const first = log.read({ tx: "0", pos: "0" }, 100);
    const second = log.read({ tx: "0", pos: "0" }, 100);
    appends.end();
    expect(await first).toEqual(await second);
    expect(reads).toHaveLength(1);
  });
});
