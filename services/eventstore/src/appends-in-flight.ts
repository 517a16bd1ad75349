/** Node's `Atomics.waitAsync`, which the ES2023 library this project compiles against does not declare yet. */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: "not-equal" | "timed-out" } | { async: true; value: Promise<"ok" | "timed-out"> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

const IN_FLIGHT = 0;
const WAITING = 1;

/**
 * How many appends of this process are on their way to Postgres, in memory that every thread of the process shares.
 * A log reader woken by one append finds the others of the same moment still uncommitted: reading now would take
 * one event, and the rest a round of batches each. Waiting the moment until they land lets one batch carry them
 * all, which is what keeps a busy process's projections from costing a transaction per command.
 */
export class AppendsInFlight {
  /** [appends in flight, readers waiting for them to land]. */
  private readonly count: Int32Array;

  private constructor(
    readonly buffer: SharedArrayBuffer,
    private readonly counting: boolean,
  ) {
    this.count = new Int32Array(buffer);
  }

  /** A counter of this thread's appends, which other threads may watch through its `buffer`. */
  static counter(): AppendsInFlight {
    return new AppendsInFlight(new SharedArrayBuffer(8), true);
  }

  /**
   * Another thread's counter, watched but not counted into: a thread that could be stopped mid-append (the
   * background thread, whose own appends are rare) must never leave the count up, holding every later read back.
   */
  static watching(buffer: SharedArrayBuffer): AppendsInFlight {
    return new AppendsInFlight(buffer, false);
  }

  begin(): void {
    if (this.counting) Atomics.add(this.count, IN_FLIGHT, 1);
  }

  end(): void {
    if (!this.counting) return;
    // Waking costs a lock even when nobody waits; most appends land with no reader waiting.
    if (Atomics.sub(this.count, IN_FLIGHT, 1) === 1 && Atomics.load(this.count, WAITING) > 0) Atomics.notify(this.count, IN_FLIGHT);
  }

  get size(): number {
    return Atomics.load(this.count, IN_FLIGHT);
  }

  /**
   * Resolves once no append is in flight, or after `maxMs` at the latest; null at once when none is, so the common
   * quiet case costs no turn of the event loop.
   */
  settled(maxMs: number): Promise<void> | null {
    if (this.size === 0) return null;
    return this.waitUntil(Date.now() + maxMs);
  }

  private async waitUntil(deadline: number): Promise<void> {
    Atomics.add(this.count, WAITING, 1);
    try {
      for (;;) {
        const now = this.size;
        const left = deadline - Date.now();
        if (now === 0 || left <= 0) return;
        const waited = waitAsync(this.count, IN_FLIGHT, now, left);
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
