import { signatureHeader } from "./signature.ts";

export type SendResult = { status: number | null; latencyMs: number; retryAfter: string | null; error: string | null };

/**
 * One HTTP attempt as Standard Webhooks describes it. Redirects are not followed (a 3xx is a failure: the sender
 * must not be steered to another host), and only a 2xx counts as delivered.
 */
export async function sendOnce(input: { url: string; eventId: string; body: string; secrets: readonly string[]; timeoutMs: number }): Promise<SendResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  try {
    const response = await fetch(input.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(input.timeoutMs),
      headers: {
        "content-type": "application/json",
        "user-agent": "procure-webhooks/1",
        "webhook-id": input.eventId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(input.eventId, timestamp, input.body, input.secrets),
      },
      body: input.body,
    });
    // The body is not used; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    const latencyMs = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status < 300;
    const error = ok ? null : response.status >= 300 && response.status < 400 ? `Redirect (${response.status}) not followed` : `HTTP ${response.status}`;
    return { status: response.status, latencyMs, retryAfter: response.headers.get("retry-after"), error };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { status: null, latencyMs, retryAfter: null, error: timedOut ? `No answer within ${input.timeoutMs} ms` : describe(error) };
  }
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 500);
}
