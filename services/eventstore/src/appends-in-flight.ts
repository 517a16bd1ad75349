/** Node's `Atomics.waitAsync`, which the ES2023 library this project compiles against does not declare yet. */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: "not-equal" | "timed-out" } | { async: true; value: Promise<"ok" | "timed-out"> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

const BEGUN = 0;
const ENDED = 1;
const WAITING = 2;

/** `a - b` on counters that wrap around as 32-bit integers. */
const since = (a: number, b: number) => (a - b) | 0;

/**
 * How many appends of this process are on their way to Postgres, in memory that every thread of the process shares.
 * A log reader woken by one append finds the others of the same moment still uncommitted: reading now would take
 * one event, and the rest a round of batches each. Waiting the moment until they land lets one batch carry them
 * all, which is what keeps a busy process's projections from costing a transaction per command. A reader waits only
 * for as many appends to land as had begun when it came: under steady load there is always another one on its way,
 * and waiting for none to be in flight would hold every read for the whole of its allowance.
 */
export class AppendsInFlight {
  /** [appends begun, appends ended, readers waiting for them to land]. */
  private readonly count: Int32Array;

  private constructor(
    readonly buffer: SharedArrayBuffer,
    private readonly counting: boolean,
  ) {
    this.count = new Int32Array(buffer);
  }

  /** A counter of this thread's appends, which other threads may watch through its `buffer`. */
  static counter(): AppendsInFlight {
    return new AppendsInFlight(new SharedArrayBuffer(12), true);
  }

  /**
   * Another thread's counter, watched but not counted into: a thread that could be stopped mid-append (the
   * background thread, whose own appends are rare) must never leave the count up, holding every later read back.
   */
  static watching(buffer: SharedArrayBuffer): AppendsInFlight {
    return new AppendsInFlight(buffer, false);
  }

  begin(): void {
    if (this.counting) Atomics.add(this.count, BEGUN, 1);
  }

  end(): void {
    if (!this.counting) return;
    Atomics.add(this.count, ENDED, 1);
    // Waking costs a lock even when nobody waits; most appends land with no reader waiting.
    if (Atomics.load(this.count, WAITING) > 0) Atomics.notify(this.count, ENDED);
  }

  get size(): number {
    return since(Atomics.load(this.count, BEGUN), Atomics.load(this.count, ENDED));
  }

  /**
   * Resolves once as many appends have landed as had begun when it was called (those in flight then, or as many
   * others), or after `maxMs` at the latest; null at once when none is in flight, so the common quiet case costs no
   * turn of the event loop.
   */
  settled(maxMs: number): Promise<void> | null {
    const target = Atomics.load(this.count, BEGUN);
    if (since(Atomics.load(this.count, ENDED), target) >= 0) return null;
    return this.waitUntil(target, Date.now() + maxMs);
  }

  private async waitUntil(target: number, deadline: number): Promise<void> {
    Atomics.add(this.count, WAITING, 1);
    try {
      for (;;) {
        const ended = Atomics.load(this.count, ENDED);
        const left = deadline - Date.now();
        if (since(ended, target) >= 0 || left <= 0) return;
        const waited = waitAsync(this.count, ENDED, ended, left);
        if (!waited.async) continue;
        // A timer of our own as well: a pending waitAsync alone keeps no thread's event loop alive.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([waited.value, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
        clearTimeout(timer);
      }
    } finally {
      Atomics.sub(this.count, WAITING, 1);
    }
  }
}
