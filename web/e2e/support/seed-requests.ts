import { expect } from "vitest";
import { callApi } from "./api";

/** Runs `task` for 0…count-1 with at most `concurrency` in flight, in index order. */
async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/**
 * Creates `count` requests through the API as the token's account, several at a time as many browsers would, and
 * answers their ids in creation order. Going through the commands (not the database) keeps it the same on the
 * embedded defaults and on Postgres and NATS.
 */
export async function createRequests(baseUrl: string, token: string, count: number, title: (i: number) => string, concurrency = 12) {
  const ids: string[] = new Array<string>(count);
  await inParallel(count, concurrency, async (i) => {
    const { status, json } = await callApi(baseUrl, "POST", "/api/requests", token, { title: title(i), amount: 10 + (i % 90) });
    expect(status).toBe(201);
    ids[i] = (json as { id: string }).id;
  });
  return ids;
}

/** Approves or denies each request, several at a time. */
export async function decideRequests(baseUrl: string, token: string, ids: string[], verdict: "approve" | "deny", concurrency = 8) {
  await inParallel(ids.length, concurrency, async (i) => {
    const body = verdict === "deny" ? { comment: "Not needed this quarter" } : {};
    const { status } = await callApi(baseUrl, "POST", `/api/requests/${ids[i]}/${verdict}`, token, body);
    expect(status).toBe(200);
  });
}
