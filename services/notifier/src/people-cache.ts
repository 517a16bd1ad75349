import type { Position } from "@procure/contracts";
import { comparePositions } from "@procure/eventstore";
import type { People } from "./directory.ts";

/**
 * The people (users, preferences, delegations) as this notifier folded them, kept between batches: read whole for
 * every batch, a workspace of thousands would be read four times a second. What is kept is the truth for any
 * checkpoint from the end of the batch this notifier last stored to the end of the last batch it read after that,
 * since those held nothing the notifier folds. A checkpoint beyond it means another notifier went on: read again.
 */
export class PeopleCache {
  private kept: { people: People; from: Position; to: Position } | null = null;

  /** The kept people, if they hold at the checkpoint a batch starts from. */
  at(checkpoint: Position): People | undefined {
    const kept = this.kept;
    if (!kept || comparePositions(checkpoint, kept.from) < 0 || comparePositions(checkpoint, kept.to) > 0) return undefined;
    return kept.people;
  }

  /** A batch this notifier committed, with the people folded to its end. */
  stored(people: People, to: Position): void {
    this.kept = { people, from: to, to };
  }

  /** A batch read after the kept one with nothing the notifier folds: the kept people hold to its end too. */
  passed(to: Position): void {
    if (this.kept && comparePositions(to, this.kept.to) > 0) this.kept.to = to;
  }

  /** A batch failed midway (its folds may be in the kept maps) or another notifier took it. */
  forget(): void {
    this.kept = null;
  }
}
