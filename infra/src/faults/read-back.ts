import type { StreamAnswer } from "../testing/command-stream.ts";

/** What the read-backs saw: how many reads and replays, and every read that missed the write it followed. */
export type ReadBacks = { reads: number; replays: number; retriedReads: number; missed: string[] };

type Expected = { path: string; token: string; shows: (json: unknown) => boolean; what: string };

/** The read a client makes right after each acknowledged answer, and what it must show. */
function expectedAfter(answer: StreamAnswer): Expected | null {
  const { path, token, json } = answer;
  const decided = path.match(/^\/api\/requests\/([^/]+)\/(approve|deny)$/);
  if (decided) {
    const status = decided[2] === "approve" ? "approved" : "denied";
    return { path: `/api/requests/${decided[1]}`, token, what: status, shows: (read) => (read as { status?: string }).status === status };
  }
  const commented = path.match(/^\/api\/requests\/([^/]+)\/comments$/);
  if (commented) {
    return { path, token, what: "the comment", shows: (read) => Array.isArray(read) && read.some((c: { id?: string }) => c.id === json.id) };
  }
  if (path === "/api/requests" && json.id) {
    return { path: `/api/requests/${json.id}`, token, what: "the request", shows: (read) => (read as { id?: string }).id === json.id };
  }
  return null;
}

/**
 * Follows every acknowledged answer with the read a client makes next, sending back the answer's position; every
 * `replayEvery`th command is also sent again with its Idempotency-Key, and the replay's answer read back the same
 * way. A read may be told to retry (the process is down, or 503 with Retry-After); it may never miss the write.
 */
export function readBackEachAnswer(baseUrl: () => string, replayEvery = 5) {
  const seen: ReadBacks = { reads: 0, replays: 0, retriedReads: 0, missed: [] };
  let answers = 0;

  async function readAfter(answer: StreamAnswer, label: string) {
    const expected = expectedAfter(answer);
    if (!expected) return;
    const position = answer.headers.get("x-procure-position");
    if (!position) {
      seen.missed.push(`${label} ${answer.method} ${answer.path} answered without X-Procure-Position`);
      return;
    }
    for (let attempt = 0; attempt < 300; attempt++) {
      try {
        const res = await fetch(`${baseUrl()}${expected.path}`, {
          headers: { authorization: `Bearer ${expected.token}`, "x-procure-after": position },
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 503 || res.status === 502) {
          seen.retriedReads++;
        } else {
          seen.reads++;
          const body: unknown = res.status === 200 ? await res.json() : await res.text();
          if (res.status !== 200 || !expected.shows(body)) {
            seen.missed.push(`${label} ${answer.method} ${answer.path}: GET ${expected.path} answered ${res.status} without ${expected.what}`);
          }
          return;
        }
      } catch {
        // The API process is down or restarting: read again, as a client would.
        seen.retriedReads++;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    seen.missed.push(`${label} ${answer.method} ${answer.path}: GET ${expected.path} never answered`);
  }

  async function replay(answer: StreamAnswer): Promise<StreamAnswer | null> {
    for (let attempt = 0; attempt < 300; attempt++) {
      try {
        const res = await fetch(`${baseUrl()}${answer.path}`, {
          method: answer.method,
          headers: { authorization: `Bearer ${answer.token}`, "content-type": "application/json", "idempotency-key": answer.key },
          body: JSON.stringify(answer.body),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status < 500 && res.status !== 409) return { ...answer, status: res.status, json: (await res.json()) as { id?: string }, headers: res.headers };
      } catch {
        // down or restarting
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  const onAnswer = async (answer: StreamAnswer) => {
    await readAfter(answer, "after");
    if (++answers % replayEvery !== 0) return;
    const again = await replay(answer);
    seen.replays++;
    if (!again || again.status !== answer.status || again.json.id !== answer.json.id) {
      seen.missed.push(`replay of ${answer.method} ${answer.path} answered ${again?.status ?? "never"}, first ${answer.status}`);
      return;
    }
    await readAfter(again, "after replay of");
  };
  return { onAnswer, seen };
}
