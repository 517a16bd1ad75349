import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../tables.ts";

/**
 * The writes of one batch's transaction that nobody reads the result of, sent together as one statement of
 * data-modifying `with` clauses: a batch of new requests costs its group one round trip for all its tables, not one
 * per table. Two writes of one table never share a statement (they could touch one row twice, which Postgres does
 * not order): the second sends what is held first.
 */
export class WriteBatch {
  private held: { table: string; write: RawBuilder<unknown> }[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  readonly later = async (table: string, write: RawBuilder<unknown>): Promise<void> => {
    if (this.held.some((h) => h.table === table)) await this.flush();
    this.held.push({ table, write });
  };

  /** Forgets what it holds: the savepoint they were made under was rolled back. */
  drop(): void {
    this.held = [];
  }

  readonly flush = async (): Promise<void> => {
    const held = this.held;
    this.held = [];
    if (held.length === 0) return;
    if (held.length === 1) {
      await held[0]!.write.execute(this.db);
      return;
    }
    await sql`with ${sql.join(held.map((h, i) => sql`${sql.raw(`write_${i}`)} as (${h.write})`))} select 1`.execute(this.db);
  };
}
