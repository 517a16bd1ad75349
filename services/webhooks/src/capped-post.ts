import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";

export type Answer = { status: number; retryAfter: string | null; excerpt: string };

export type PostOptions = {
  headers: Record<string, string>;
  body: string;
  /** Until the status line; then no more than `totalMs` from the start, answer included. */
  firstByteMs: number;
  totalMs: number;
  /** How much of an answer that is no 2xx is kept for the log; a 2xx's answer is never read. */
  excerptBytes: number;
  lookup?: LookupFunction;
  signal?: AbortSignal;
};

export class NoAnswerInTime extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

/**
 * One POST on a connection of its own (no agent, no redirects), that reads at most a few KB of the answer and
 * closes the connection on the rest: a receiver can neither fill memory nor hold the sender past `totalMs`.
 */
export function cappedPost(url: URL, options: PostOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(url, {
      method: "POST",
      agent: false,
      headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
      lookup: options.lookup,
      signal: options.signal,
    });
    let response: IncomingMessage | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(firstByte);
      clearTimeout(total);
      outcome();
      request.destroy();
    };
    const answer = (r: IncomingMessage) =>
      settle(() =>
        resolve({
          status: r.statusCode ?? 0,
          retryAfter: headerOf(r, "retry-after"),
          excerpt: Buffer.concat(chunks).subarray(0, options.excerptBytes).toString("utf8"),
        }),
      );
    const firstByte = setTimeout(() => settle(() => reject(new NoAnswerInTime(options.firstByteMs))), options.firstByteMs);
    const total = setTimeout(() => (response ? answer(response) : settle(() => reject(new NoAnswerInTime(options.totalMs)))), options.totalMs);

    request.on("error", (error) => settle(() => reject(error)));
    request.on("response", (r) => {
      response = r;
      clearTimeout(firstByte);
      // Closing the connection on an answer not read to its end aborts it: that is no failure.
      r.on("error", () => answer(r));
      const status = r.statusCode ?? 0;
      if (status >= 200 && status < 300) return answer(r);
      r.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= options.excerptBytes) answer(r);
      });
      r.on("end", () => answer(r));
    });
    request.end(options.body);
  });
}

function headerOf(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
