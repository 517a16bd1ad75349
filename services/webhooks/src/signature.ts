import { Webhook, WebhookVerificationError } from "standardwebhooks";

/** `v1,<signature>` per secret, space-separated, as Standard Webhooks signs `{id}.{timestamp}.{body}`. */
export function signatureHeader(id: string, timestamp: number, body: string, secrets: readonly string[]): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, new Date(timestamp * 1000), body)).join(" ");
}

/**
 * Whether the headers carry a signature made with `secret` over exactly these bytes, at a timestamp within the
 * receiver's tolerance of now (the library's check). Answers the parsed body, or null.
 */
export function verifyDelivery(body: string, headers: { id: string; timestamp: string; signature: string }, secret: string): unknown {
  try {
    return new Webhook(secret).verify(body, { "webhook-id": headers.id, "webhook-timestamp": headers.timestamp, "webhook-signature": headers.signature });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return null;
    throw error;
  }
}
