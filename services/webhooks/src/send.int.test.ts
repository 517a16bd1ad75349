import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { sendOnce } from "./send.ts";

const servers: ReturnType<typeof createServer>[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback receiver that answers with `answer` once the request is in. */
async function receiver(answer: (res: ServerResponse) => void) {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on("end", () => answer(res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, requests: () => requests };
}

const send = (url: string, extra: Partial<Parameters<typeof sendOnce>[0]> = {}) =>
  sendOnce({ url, eventId: "msg_1", body: "{}", secrets: [], timeoutMs: 300, totalTimeoutMs: 800, allowPrivate: true, ...extra });

describe("one send", () => {
  it("caps the time to the first byte, and the total time of an answer that drips, keeping what came of it for the log", async () => {
    const silent = await receiver(() => {});
    const unanswered = await send(`http://127.0.0.1:${silent.port}/`);
    expect(unanswered).toMatchObject({ status: null, error: "No answer within 300 ms" });
    expect(unanswered.latencyMs).toBeLessThan(800);

    const r = await receiver((res) => {
      res.writeHead(503);
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write("busy ")), 50);
    });
    const result = await send(`http://127.0.0.1:${r.port}/`);
    expect(result.status).toBe(503);
    expect(result.error).toMatch(/^HTTP 503: (busy ?)+$/);
    expect(result.latencyMs).toBeGreaterThanOrEqual(750);
    expect(result.latencyMs).toBeLessThan(1_500);
  });

  it("refuses a private address in the URL before dialling, and dials a name only at an address its lookup checked, once", async () => {
    const r = await receiver((res) => res.writeHead(204).end());
    const lookups: string[] = [];
    const resolve = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const literal = await send(`http://[::ffff:7f00:1]:${r.port}/`, { allowPrivate: false, resolve });
    expect(literal.error).toBe("Refused: the host ::ffff:7f00:1 resolves to a private or loopback address.");
    expect(lookups).toHaveLength(0);
    const refused = await send(`http://receiver.test:${r.port}/`, { allowPrivate: false, resolve });
    expect(refused).toEqual({
      status: null,
      latencyMs: null,
      retryAfter: null,
      error: "Refused: the host receiver.test resolves to a private or loopback address.",
    });
    expect(lookups).toEqual(["receiver.test"]);
    expect(r.requests()).toBe(0);
    expect((await send(`http://127.0.0.1:${r.port}/`)).status).toBe(204);
    expect(r.requests()).toBe(1);
  });
});
