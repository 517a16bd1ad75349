import type { Kysely } from "kysely";
import type { Position } from "@procure/contracts";
import { advanceCheckpoints } from "./checkpoints.ts";
import { comparePositions } from "./position.ts";

/** How long a log reader may leave its checkpoints behind batches it had nothing to do in. */
export const IDLE_WRITE_MS = 100;

/** A checkpoint's move from where it was last stored to where its reader has got in memory. */
export type CheckpointMove = { name: string; version: number; from: Position; to: Position };

/**
 * The checkpoint moves a log reader puts off over batches it had nothing to do in (a projection group none of whose
 * projections handles them, the webhook fan-out when no endpoint wants them): written together within
 * IDLE_WRITE_MS rather than a statement per batch, or carried by a batch the reader applies once they are due. A
 * crash before then only reads those events again.
 */
export class IdleCheckpointMoves {
  private since: number | null = null;

  /** A batch moved the reader on in memory only. */
  putOff(): void {
    this.since ??= Date.now();
  }

  /** Whether the oldest put-off move is IDLE_WRITE_MS old: a batch the reader applies now may carry them all. */
  get due(): boolean {
    return this.since !== null && Date.now() - this.since >= IDLE_WRITE_MS;
  }

  /** A batch's transaction wrote every put-off move along with its own. */
  carried(): void {
    this.since = null;
  }

  /** How long the reader may sleep before a put-off move is due: null when none is. */
  get dueInMs(): number | null {
    return this.since === null ? null : IDLE_WRITE_MS;
  }

  /**
   * Writes the moves once the oldest put-off one is IDLE_WRITE_MS old (or now, with `force`), one statement per
   * starting point, and answers each with whether it moved. A checkpoint another copy moved meanwhile stays where
   * it is; its reader finds it under the lease at its next batch. Answers nothing when no move is due.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async write<M extends CheckpointMove>(db: Kysely<any>, moves: () => readonly M[], force = false): Promise<{ move: M; moved: boolean }[]> {
    if (this.since === null || (!force && Date.now() - this.since < IDLE_WRITE_MS)) return [];
    this.since = null;
    const byStart = new Map<string, M[]>();
    for (const move of moves()) {
      if (comparePositions(move.from, move.to) >= 0) continue;
      const key = `${move.from.tx}:${move.from.pos}>${move.to.tx}:${move.to.pos}`;
      byStart.set(key, [...(byStart.get(key) ?? []), move]);
    }
    const written: { move: M; moved: boolean }[] = [];
    for (const group of byStart.values()) {
      const moved = await advanceCheckpoints(db, group, group[0]!.from, group[0]!.to);
      written.push(...group.map((move) => ({ move, moved })));
    }
    return written;
  }
}
