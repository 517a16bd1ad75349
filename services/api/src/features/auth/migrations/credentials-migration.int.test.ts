import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { chainHash, eventStoreMigrations, GENESIS_HASH, migrateToLatest, verifyStreamChain } from "@procure/eventstore";
import { readModelMigrations } from "@procure/projections";
import { openTestDatabase } from "@procure/infra/testing/test-services";
import { authMigrations } from "./index.ts";

let db: Kysely<unknown>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase("credmig"));
});
afterAll(async () => close?.());

describe("the one-off credentials migration", () => {
  it("moves password hashes of a workspace made before it out of the log and keeps the chain verifiable", async () => {
    await migrateToLatest(db, [eventStoreMigrations, readModelMigrations]);
    const userId = randomUUID();
    const fields = {
      event_id: randomUUID(),
      stream_type: "user",
      stream_id: `user-${userId}`,
      stream_version: 1,
      type: "UserRegistered",
      schema_version: 1,
      data: { user_id: userId, email: "old@example.com", role: "admin", password_hash: "scrypt$16384$c2FsdA==$aGFzaA==", invited_by: null },
      metadata: { actor_id: null, actor_role: null, correlation_id: "legacy" },
      recorded_at: new Date().toISOString(),
    };
    await sql`insert into events (event_id, stream_type, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, hash)
      values (${fields.event_id}::uuid, ${fields.stream_type}, ${fields.stream_id}, 1, ${fields.type}, 1, ${JSON.stringify(fields.data)}::jsonb,
        ${JSON.stringify(fields.metadata)}::jsonb, ${fields.recorded_at}::timestamptz, ${chainHash(GENESIS_HASH, fields)})`.execute(db);
    await sql`insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
      values ('anonymous:127.0.0.1', 'k', 'h', 201, ${JSON.stringify({ token: "eyJ.secret", user: { id: userId } })}::jsonb, now())`.execute(db);

    await migrateToLatest(db, [eventStoreMigrations, readModelMigrations, authMigrations]);

    const { rows } = await sql<{ data: Record<string, unknown>; schema_version: number }>`select data, schema_version from events
      where stream_id = ${fields.stream_id}`.execute(db);
    expect(rows[0]!.data).not.toHaveProperty("password_hash");
    expect(rows[0]!.data.password_set).toBe(true);
    expect(rows[0]!.schema_version).toBe(2);
    expect((await verifyStreamChain(db as never, fields.stream_id)).valid).toBe(true);
    const { rows: credentials } = await sql<{ password_hash: string; email: string }>`select password_hash, email from credentials`.execute(db);
    expect(credentials).toEqual([{ password_hash: fields.data.password_hash, email: "old@example.com" }]);
    const { rows: kept } = await sql<{ text: string }>`select response::text as text from idempotency_keys`.execute(db);
    expect(kept[0]!.text).not.toContain("eyJ");
  });
});
