import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { sql, type Kysely } from "kysely";
import type { EventStore } from "@procure/eventstore";
import { throughput } from "./stats.ts";

const CLIENTS = 16;

/**
 * Calls per second of `count` calls, after a quarter as many untimed: each side compiled and its statements prepared
 * before it is timed, so neither the baseline nor the product pays for the warm-up the other got first.
 */
async function warmThroughput(count: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const warmup = Math.ceil(count / 4);
  await throughput(warmup, CLIENTS, work);
  return throughput(count, CLIENTS, (i) => work(warmup + i));
}

/** Raw INSERTs against the event store's append, each one row / one new stream, 16 at a time. */
export async function storeFigures(db: Kysely<unknown>, store: EventStore, count: number) {
  await sql`create table if not exists bench_raw (id uuid primary key, stream_id text not null, data jsonb not null)`.execute(db);
  const rawInsert = await warmThroughput(count, () =>
    sql`insert into bench_raw (id, stream_id, data) values (${randomUUID()}, ${"bench"}, ${JSON.stringify({ n: 1 })})`.execute(db),
  );
  const append = await warmThroughput(count, () => {
    const id = randomUUID();
    return store.append(
      [
        {
          streamType: "request",
          streamId: `bench-${id}`,
          expectedVersion: 0,
          events: [{ type: "RequestCommented", data: { request_id: id, comment_id: id, body: "x" } }],
        },
      ],
      {
        metadata: { actor_id: null, actor_role: null, actor_email: null, correlation_id: id, causation_id: null },
        recordedAt: new Date().toISOString(),
      },
    );
  });
  return { rawInsertPerSecond: rawInsert, appendPerSecond: append };
}

/** A bare Fastify route doing one INSERT, against `POST /api/requests`, 16 HTTP clients each. */
export async function httpFigures(db: Kysely<unknown>, productUrl: string, token: string, count: number) {
  const bare = Fastify();
  bare.post("/bare", async () => {
    await sql`insert into bench_raw (id, stream_id, data) values (${randomUUID()}, ${"http"}, ${JSON.stringify({ n: 1 })})`.execute(db);
    return { ok: true };
  });
  const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }).then(async (res) => {
      if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    });
  try {
    const bareRate = await warmThroughput(count, () => post(`${bareUrl}/bare`, { n: 1 }));
    const product = await warmThroughput(count, (i) =>
      post(`${productUrl}/api/requests`, { title: `Write path ${i}`, amount: 12.5 }, { authorization: `Bearer ${token}` }),
    );
    return { bareFastifyInsertPerSecond: bareRate, postRequestsPerSecond: product };
  } finally {
    await bare.close();
  }
}
