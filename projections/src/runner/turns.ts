/** Work that takes turns, each starting once the one before has ended, however that ended. */
export class Turns {
  private last: Promise<unknown> = Promise.resolve();

  take<T>(work: () => Promise<T>): Promise<T> {
    const result = this.last.then(work, work);
    this.last = result.catch(() => {});
    return result;
  }
}
