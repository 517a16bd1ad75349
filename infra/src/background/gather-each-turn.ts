/**
 * Gathers what arrives during one turn of the event loop and hands it all on once, when the turn ends: what crosses
 * between the threads (appends, progress, invalidations) goes as one message per turn, however much happened in it.
 */
export function gatherEachTurn<T>(handOn: (gathered: T[]) => void): (item: T) => void {
  let gathered: T[] | null = null;
  return (item) => {
    if (gathered === null) {
      gathered = [];
      setImmediate(() => {
        const all = gathered!;
        gathered = null;
        handOn(all);
      });
    }
    gathered.push(item);
  };
}
