import { randomUUID } from "node:crypto";
import type { EventMetadata } from "@procure/contracts";
import type { EventStore, StreamAppend } from "@procure/eventstore";
import { runModuleProcess, siblingModule } from "../src/module-worker.ts";
import { requestCreated } from "../src/testing/request-events.ts";

export type SeedUsers = { requester: { id: string; email: string }; approver: { id: string; email: string } };

const STREAMS_PER_TRANSACTION = 250;

/**
 * Appends `count` requests' histories straight to the log, as the commands would: each request is created, three
 * in ten get a comment, half are approved and a quarter denied. Answers how many events it appended.
 */
export async function seedRequests(store: EventStore, users: SeedUsers, count: number, from = 0): Promise<number> {
  let events = 0;
  for (let start = from; start < from + count; start += STREAMS_PER_TRANSACTION) {
    const appends: StreamAppend[] = [];
    for (let i = start; i < Math.min(start + STREAMS_PER_TRANSACTION, from + count); i++) {
      const id = randomUUID();
      const history: StreamAppend["events"] = [requestCreated(users.requester, { request_id: id, title: `Bench request ${i}`, amount: (i % 900) + 10.5 })];
      if (i % 10 < 3) history.push({ type: "RequestCommented", data: { request_id: id, comment_id: randomUUID(), body: `Note on ${i}` } });
      if (i % 4 < 2) history.push({ type: "RequestApproved", data: { request_id: id, comment: null } });
      else if (i % 4 === 2) history.push({ type: "RequestDenied", data: { request_id: id, stage_index: null, comment: null } });
      events += history.length;
      appends.push({ streamType: "request", streamId: `request-${id}`, expectedVersion: 0, events: history });
    }
    const metadata: EventMetadata = {
      actor_id: users.approver.id,
      actor_role: "approver",
      actor_email: users.approver.email,
      correlation_id: randomUUID(),
      causation_id: null,
    };
    await store.append(appends, { metadata, recordedAt: new Date().toISOString() });
  }
  return events;
}

/**
 * `seedRequests` in a child process when the server's database is a Postgres server (the embedded one opens in one
 * process only, so it is seeded in this one): the seeding's garbage is the bench's, not the server's.
 */
export async function seedRequestsApart(store: EventStore, databaseUrl: string | null, users: SeedUsers, count: number, from = 0): Promise<number> {
  if (!databaseUrl) return seedRequests(store, users, count, from);
  const stdout = await runModuleProcess(siblingModule(import.meta.url, "seed-process"), [databaseUrl, JSON.stringify(users), String(count), String(from)]);
  const seeded = /seeded (\d+)/.exec(stdout);
  if (!seeded) throw new Error(`the seeding process said: ${stdout}`);
  return Number(seeded[1]);
}
