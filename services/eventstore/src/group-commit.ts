/** One piece of work waiting for a statement, and the keys no other piece in the same statement may share. */
type Waiting<Item, Outcome> = {
  item: Item;
  keys: readonly string[];
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
};

export type GroupCommitOptions<Item, Outcome> = {
  /** Writes the items with one statement, and answers each item's outcome in their order. */
  run: (items: Item[]) => Promise<Outcome[]>;
  /** How many statements may run at once; work arriving while all are busy waits and joins the next one. */
  lanes: number;
  /** The most items one statement takes. */
  maxItems: number;
  /**
   * Whether a failed statement may have failed for one piece's sake (a key another writer took first), so that
   * each piece goes again alone. Any other failure (the database unreachable) reaches every caller as it is.
   */
  oneFailedForAll: (error: unknown) => boolean;
};

/**
 * Shares statements (and so commits) between concurrent pieces of work. Idle, a piece starts at once and alone;
 * under load, what arrives while every lane is busy goes together in the next statement, so each commit carries
 * many. Two pieces with a key in common never share a statement, so one cannot make the other fail. A statement is
 * atomic: when one of several fails for one piece's sake, each of its pieces runs again alone and fails or succeeds
 * on its own.
 */
export class GroupCommit<Item, Outcome> {
  private readonly waiting: Waiting<Item, Outcome>[] = [];
  /** The keys of the statements under way: a piece holding one waits for the next statement after it. */
  private readonly keysInFlight = new Set<string>();
  private running = 0;
  private startScheduled = false;

  constructor(private readonly options: GroupCommitOptions<Item, Outcome>) {}

  submit(item: Item, keys: readonly string[]): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, keys, resolve, reject });
      this.scheduleStart();
    });
  }

  /** Starts on a microtask, so pieces submitted by one turn's worth of callers can share a statement. */
  private scheduleStart() {
    if (this.startScheduled || this.running >= this.options.lanes) return;
    this.startScheduled = true;
    queueMicrotask(() => {
      this.startScheduled = false;
      while (this.running < this.options.lanes) {
        const group = this.takeGroup();
        if (group.length === 0) return;
        this.start(group);
      }
    });
  }

  /**
   * The oldest waiting pieces, up to the limit, skipping any whose keys overlap one already taken or one under way:
   * two statements writing the same key at once would make one wait for the other, or both for each other.
   */
  private takeGroup(): Waiting<Item, Outcome>[] {
    const taken: Waiting<Item, Outcome>[] = [];
    const keys = new Set<string>(this.keysInFlight);
    let kept = 0;
    for (const entry of this.waiting) {
      if (taken.length < this.options.maxItems && !entry.keys.some((key) => keys.has(key))) {
        taken.push(entry);
        for (const key of entry.keys) keys.add(key);
      } else {
        this.waiting[kept++] = entry;
      }
    }
    this.waiting.length = kept;
    return taken;
  }

  private start(group: Waiting<Item, Outcome>[]) {
    this.running++;
    const keys = group.flatMap((entry) => entry.keys);
    for (const key of keys) this.keysInFlight.add(key);
    void this.runGroup(group).finally(() => {
      this.running--;
      for (const key of keys) this.keysInFlight.delete(key);
      if (this.waiting.length > 0) this.scheduleStart();
    });
  }

  private async runGroup(group: Waiting<Item, Outcome>[]): Promise<void> {
    try {
      const outcomes = await this.options.run(group.map((entry) => entry.item));
      group.forEach((entry, i) => entry.resolve(outcomes[i]!));
    } catch (error) {
      if (group.length === 1 || !this.options.oneFailedForAll(error)) {
        for (const entry of group) entry.reject(error);
        return;
      }
      await Promise.all(
        group.map((entry) =>
          this.options.run([entry.item]).then(
            ([outcome]) => entry.resolve(outcome!),
            (alone: unknown) => entry.reject(alone),
          ),
        ),
      );
    }
  }
}
