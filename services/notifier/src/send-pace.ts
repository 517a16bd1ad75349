/**
 * How many mails a notifier may send, as a steady rate with a small burst. A mail is read in minutes and a screen's
 * refresh in milliseconds: a burst of new requests, each mailing every approver, would otherwise take the thread
 * and the database from the projections that keep screens live. The mails a rush leaves waiting go out just after.
 */
export class SendPace {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.at = clock();
  }

  /** How many may go now. */
  available(): number {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    return Math.floor(this.tokens);
  }

  /** How long until `count` may go (one unless told), from what `available` last found. */
  waitMs(count = 1): number {
    return Math.max(1, Math.ceil(((count - this.tokens) / this.perSecond) * 1000));
  }

  spend(count: number): void {
    this.tokens -= count;
  }
}
