/** A wake-up flag: `notify` releases the current `wait`, or the next one if nobody waits yet. */
export class Signal {
  private pending = false;
  private release: (() => void) | null = null;

  notify(): void {
    if (this.release) {
      const release = this.release;
      this.release = null;
      release();
    } else {
      this.pending = true;
    }
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.release = null;
        resolve();
      }, timeoutMs);
      this.release = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
