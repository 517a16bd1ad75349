import { isIP } from "node:net";
import { isPrivateAddress } from "./address-guard.ts";
import { cappedPost, NoAnswerInTime } from "./capped-post.ts";
import { publicOnlyLookup, RefusedAddressError, type Resolve } from "./public-lookup.ts";
import { signatureHeader } from "./signature.ts";

/** `latencyMs` is null when nothing was sent (the address was refused). */
export type SendResult = { status: number | null; latencyMs: number | null; retryAfter: string | null; error: string | null };

export type SendInput = {
  url: string;
  eventId: string;
  body: string;
  secrets: readonly string[];
  /** Until the receiver's status line. */
  timeoutMs: number;
  /** For the whole attempt, answer included; a little more than `timeoutMs` unless told. */
  totalTimeoutMs?: number;
  /** Lets the send reach loopback and private addresses (tests, on-premise receivers). */
  allowPrivate: boolean;
  /** How host names are resolved; the system's resolver unless told. */
  resolve?: Resolve;
  /** Ends the attempt at once, as when the dispatcher stops. */
  signal?: AbortSignal;
};

/** Time to read the excerpt of an answer once its status is in. */
const ANSWER_GRACE_MS = 5_000;
const EXCERPT_READ_BYTES = 1_024;
const EXCERPT_LOGGED_CHARS = 200;

/**
 * One HTTP attempt as Standard Webhooks describes it. Redirects are not followed (a 3xx is a failure: the sender
 * must not be steered to another host), only a 2xx counts as delivered, and unless private addresses are allowed
 * the address dialled is checked on the socket itself.
 */
export async function sendOnce(input: SendInput): Promise<SendResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const url = new URL(input.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // The socket looks up names only: an address written in the URL is dialled as it is, so it is checked here.
  if (!input.allowPrivate && isIP(host) && isPrivateAddress(host)) return refused(new RefusedAddressError(host));
  try {
    const answer = await cappedPost(url, {
      headers: {
        "content-type": "application/json",
        "user-agent": "procure-webhooks/1",
        "webhook-id": input.eventId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(input.eventId, timestamp, input.body, input.secrets),
      },
      body: input.body,
      firstByteMs: input.timeoutMs,
      totalMs: input.totalTimeoutMs ?? input.timeoutMs + ANSWER_GRACE_MS,
      excerptBytes: EXCERPT_READ_BYTES,
      lookup: input.allowPrivate ? undefined : publicOnlyLookup(input.resolve),
      signal: input.signal,
    });
    const latencyMs = Math.round(performance.now() - started);
    return { status: answer.status, latencyMs, retryAfter: answer.retryAfter, error: failureOf(answer.status, answer.excerpt) };
  } catch (error) {
    if (error instanceof RefusedAddressError) return refused(error);
    const latencyMs = Math.round(performance.now() - started);
    return { status: null, latencyMs, retryAfter: null, error: error instanceof NoAnswerInTime ? error.message : describe(error) };
  }
}

const refused = (error: RefusedAddressError): SendResult => ({ status: null, latencyMs: null, retryAfter: null, error: error.message });

function failureOf(status: number, excerpt: string): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Redirect (${status}) not followed`;
  const said = excerpt
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim()
    .slice(0, EXCERPT_LOGGED_CHARS);
  return said ? `HTTP ${status}: ${said}` : `HTTP ${status}`;
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 500);
}
