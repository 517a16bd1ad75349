import { describe, expect, it } from "vitest";
import { generateSecret, signatureHeader } from "@procure/webhooks";
import { verifyWebhook } from "./webhook-receiver.ts";

describe("reference webhook receiver", () => {
  const secret = generateSecret();
  const body = JSON.stringify({ type: "request.approved", timestamp: "2026-11-22T10:00:00.000Z", data: { request_id: "r" } });
  const ts = Math.floor(Date.now() / 1000);
  const headers = (signature: string, timestamp = ts) => ({ "webhook-id": "evt", "webhook-timestamp": String(timestamp), "webhook-signature": signature });

  it("accepts what the dispatcher signs, with either secret during a rotation", () => {
    const other = generateSecret();
    expect(verifyWebhook(headers(signatureHeader("evt", ts, body, [secret])), body, [secret])).toMatchObject({
      ok: true,
      event: { type: "request.approved" },
    });
    expect(verifyWebhook(headers(signatureHeader("evt", ts, body, [other, secret])), body, [secret]).ok).toBe(true);
  });

  it("refuses a changed body, a wrong secret, an old timestamp and missing headers", () => {
    const signature = signatureHeader("evt", ts, body, [secret]);
    expect(verifyWebhook(headers(signature), body.replace("approved", "denied"), [secret])).toMatchObject({ ok: false, status: 401 });
    expect(verifyWebhook(headers(signature), body, [generateSecret()])).toMatchObject({ ok: false, status: 401 });
    expect(verifyWebhook(headers(signatureHeader("evt", ts - 600, body, [secret]), ts - 600), body, [secret])).toMatchObject({ ok: false, status: 400 });
    expect(verifyWebhook({}, body, [secret])).toMatchObject({ ok: false, status: 400 });
  });
});
