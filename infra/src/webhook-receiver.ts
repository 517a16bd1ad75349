/**
 * A reference webhook receiver for integrators to copy: Node's http and crypto only. It checks what the Standard
 * Webhooks specification asks a receiver to check, then acknowledges quickly and leaves the work to a queue.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx infra/src/webhook-receiver.ts
 *
 * During a secret rotation put both secrets in WEBHOOK_SECRET, separated by a space: the sender signs with both
 * for 24 hours.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

/** Timestamps further than this from the receiver's clock are refused, so a captured request cannot be replayed later. */
const TOLERANCE_SECONDS = 5 * 60;

export type Verdict = { ok: true; event: { type: string; timestamp: string; data: unknown } } | { ok: false; status: number; reason: string };

/** Checks one delivery: the headers are there, the timestamp is recent, and a v1 signature matches a secret. */
export function verifyWebhook(headers: Record<string, string | string[] | undefined>, body: string, secrets: readonly string[], now = Date.now()): Verdict {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header("webhook-id");
  const timestamp = header("webhook-timestamp");
  const signatures = header("webhook-signature");
  if (!id || !timestamp || !signatures) return { ok: false, status: 400, reason: "missing webhook headers" };
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS)
    return { ok: false, status: 400, reason: "timestamp too old or in the future" };
  const signed = `${id}.${timestamp}.${body}`;
  const valid = secrets.some((secret) => {
    // The key is the base64 part after "whsec_", decoded.
    const expected = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
      .update(signed)
      .digest();
    return signatures.split(" ").some((candidate) => {
      const [version, value] = candidate.split(",", 2);
      const given = Buffer.from(value ?? "", "base64");
      return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
    });
  });
  if (!valid) return { ok: false, status: 401, reason: "no valid signature" };
  return { ok: true, event: JSON.parse(body) };
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
