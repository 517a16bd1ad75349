import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "@procure/notifier/testing/smtp-sink";
import { startProductProcess, type Child } from "../testing/child-process.ts";
import { usePrivateNats } from "../testing/private-nats.ts";
import { createStreamUsers } from "../testing/command-stream.ts";
import { freePort } from "../testing/free-port.ts";
import { createTestServices, type TestServices } from "../testing/test-services.ts";

/**
 * A notifier SIGKILLed right after ten commands, then started again: every mail arrives, and a mail sent twice (the
 * kill fell between the SMTP answer and the outbox row's update) carries the same Message-ID both times. On a
 * Postgres server the notifier is a process of its own beside the API; on the embedded database the whole product,
 * one process by nature, is killed and started again.
 */
let services: TestServices;
let sink: SmtpSink;
const children: Child[] = [];
let nats: Child | null = null;

beforeAll(async () => {
  services = await createTestServices("notifkill");
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const child of children) await child.kill("SIGKILL");
  await nats?.kill();
  await sink?.stop();
  await services?.cleanup();
});

describe("a notifier killed right after ten commands", () => {
  it("sends every mail after its restart, a repeat with the same Message-ID", async () => {
    const port = await freePort();
    const env: Record<string, string> = {
      ...services.env,
      PORT: String(port),
      SMTP_URL: sink.url,
      PUBLIC_URL: "https://procure.example.test",
      MAIL_SEND_LEASE_MS: "5000",
    };
    const separate = services.mode === "services";
    nats = await usePrivateNats(services, env);
    const start = async (only?: string) => {
      const child = await startProductProcess(env, only);
      children.push(child);
      return child;
    };
    if (separate) await start("api,relay,projector");
    const notifier = await start(separate ? "notifier" : undefined);
    const url = `http://127.0.0.1:${port}`;
    const tokens = await createStreamUsers(url);

    const titles = Array.from({ length: 10 }, (_, i) => `Killed notifier ${i}`);
    for (const title of titles) {
      const res = await fetch(`${url}/api/requests`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.requester}` },
        body: JSON.stringify({ title, amount: 25 }),
      });
      expect(res.status).toBe(201);
    }
    await notifier.kill("SIGKILL");
    await start(separate ? "notifier" : undefined);

    // Each request, unrouted, is mailed to the approver. A mail the killed notifier had claimed waits for its claim's
    // lease (five seconds here, MAIL_SEND_LEASE_MS) to end before it goes again.
    const expected = titles.map((title) => `approver@stream.test Approval needed: ${title}`);
    const arrived = () => new Set(sink.mails.map((mail) => `${mail.to.join(",")} ${mail.headers.get("subject") ?? ""}`));
    await expect.poll(() => expected.filter((key) => !arrived().has(key)), { timeout: 90_000, interval: 500 }).toEqual([]);

    const idsByMail = new Map<string, Set<string>>();
    for (const mail of sink.mails) {
      const key = `${mail.to.join(",")} ${mail.headers.get("subject") ?? ""}`;
      idsByMail.set(key, (idsByMail.get(key) ?? new Set()).add(mail.headers.get("message-id") ?? ""));
    }
    for (const key of expected) expect([...idsByMail.get(key)!], key).toHaveLength(1);
    const allIds = [...idsByMail.values()].flatMap((ids) => [...ids]);
    expect(new Set(allIds).size).toBe(allIds.length);
  });
});
