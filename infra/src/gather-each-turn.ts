/**
 * Gathers what arrives during one turn of the event loop and hands it all on once, when the turn ends: what crosses
 * between the threads (appends, progress, invalidations) goes as one message per turn, however much happened in it.
 * `at: "microtask"` hands on as soon as the code running now is done, for what a user waits on (invalidations).
 */
export function gatherEachTurn<T>(handOn: (gathered: T[]) => void, at: "turn" | "microtask" = "turn"): (item: T) => void {
  let gathered: T[] | null = null;
  return (item) => {
    if (gathered === null) {
      gathered = [];
      const flush = () => {
        const all = gathered!;
        gathered = null;
        handOn(all);
      };
      if (at === "microtask") queueMicrotask(flush);
      else setImmediate(flush);
    }
    gathered.push(item);
  };
}
