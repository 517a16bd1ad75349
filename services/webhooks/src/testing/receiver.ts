import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyDelivery } from "../signature.ts";

export type Received = {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
};

/** What the receiver answers to the n-th request (0-based): a status, and optional headers. */
export type Responder = (n: number, received: Received) => { status: number; headers?: Record<string, string> };

/** A webhook receiver on loopback for tests: records every request and answers as told. */
export async function startReceiver(respond: Responder = () => ({ status: 204 })) {
  const received: Received[] = [];
  let responder = respond;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry: Received = {
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        signature: String(req.headers["webhook-signature"]),
        body,
        payload: JSON.parse(body),
      };
      const n = received.length;
      received.push(entry);
      const { status, headers } = responder(n, entry);
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setResponder: (next: Responder) => {
      responder = next;
    },
    verifies: (entry: Received, secret: string) => verifyDelivery(entry.body, entry, secret) !== null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function until<T>(check: () => T | Promise<T>, timeoutMs = 15_000, what = "condition"): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
