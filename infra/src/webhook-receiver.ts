/**
 * A reference webhook receiver for integrators to copy: Node's http and the `standardwebhooks` library, which checks
 * what the Standard Webhooks specification asks a receiver to check. It acknowledges quickly and leaves the work to
 * a queue.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx infra/src/webhook-receiver.ts
 *
 * During a secret rotation put both secrets in WEBHOOK_SECRET, separated by a space: the sender signs with both
 * for 24 hours.
 */
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { Webhook, WebhookVerificationError } from "standardwebhooks";

export type Verdict = { ok: true; event: { type: string; timestamp: string; data: unknown } } | { ok: false; status: number; reason: string };

/**
 * Checks one delivery: the headers are there, the timestamp is within five minutes of now (so a captured request
 * cannot be replayed later), and a signature matches one of the secrets.
 */
export function verifyWebhook(headers: Record<string, string | string[] | undefined>, body: string, secrets: readonly string[]): Verdict {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const signed = {
    "webhook-id": header("webhook-id") ?? "",
    "webhook-timestamp": header("webhook-timestamp") ?? "",
    "webhook-signature": header("webhook-signature") ?? "",
  };
  let reason = "no valid signature";
  for (const secret of secrets) {
    try {
      return { ok: true, event: new Webhook(secret).verify(body, signed) as Extract<Verdict, { ok: true }>["event"] };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      reason = error.message;
    }
  }
  // Missing headers and a timestamp out of tolerance are malformed requests; a signature that matches no secret is not ours.
  return { ok: false, status: /signature/i.test(reason) ? 401 : 400, reason };
}

function main() {
  const secrets = (process.env.WEBHOOK_SECRET ?? "").split(/\s+/).filter(Boolean);
  if (secrets.length === 0) throw new Error("Set WEBHOOK_SECRET to the endpoint's secret (whsec_...).");
  // Deliveries are at least once: a retry or replay carries the same webhook-id. A real receiver keeps this in
  // its database, in the transaction that handles the event.
  const seen = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      // Verify the raw bytes: parsing and re-serialising the JSON first would change them.
      const body = Buffer.concat(chunks).toString("utf8");
      const verdict = verifyWebhook(req.headers, body, secrets);
      if (!verdict.ok) {
        res.writeHead(verdict.status).end(verdict.reason);
        return;
      }
      const id = String(req.headers["webhook-id"]);
      if (!seen.has(id)) {
        seen.add(id);
        console.log(JSON.stringify({ id, ...verdict.event }));
      }
      res.writeHead(204).end();
    });
  });
  const port = Number(process.env.PORT ?? 4000);
  server.listen(port, process.env.HOST ?? "127.0.0.1", () => console.log(`listening on ${port}`));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
