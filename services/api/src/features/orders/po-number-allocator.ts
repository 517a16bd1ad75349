import type { Kysely } from "kysely";
import { formatPoNumber } from "@procure/domain";
import { latestPoSequence } from "@procure/projections/purchasing";
import type { Database } from "@procure/projections";

/**
 * Proposes the next generated PO number of a year. Uniqueness does not rest on it: the per-number reservation stream
 * does that. It only keeps concurrent creates in this process from proposing the same number and colliding; a number
 * found taken (by another process) reseeds it from the register of numbers.
 */
export class PoNumberAllocator {
  private readonly seeds = new Map<string, Promise<number>>();
  private readonly next = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  async candidate(year: string): Promise<string> {
    let seed = this.seeds.get(year);
    if (!seed) {
      seed = latestPoSequence(this.db, year);
      this.seeds.set(year, seed);
      seed.catch(() => this.seeds.delete(year));
    }
    const latest = await seed;
    const sequence = Math.max(this.next.get(year) ?? 0, latest + 1);
    this.next.set(year, sequence + 1);
    return formatPoNumber(year, sequence);
  }

  /** A proposed number went unused (the command was refused): give it back unless a later one was proposed since. */
  release(poNumber: string): void {
    const match = /^PO-(\d{4})-(\d+)$/.exec(poNumber);
    if (match && this.next.get(match[1]!) === Number(match[2]) + 1) this.next.set(match[1]!, Number(match[2]));
  }

  /** A proposed number was already taken: look at the register again before the next proposal. */
  taken(year: string): void {
    this.seeds.delete(year);
  }
}
