import { describe, expect, it } from "vitest";
import { generateSecret, signatureHeader } from "@procure/webhooks";
import { verifyWebhook } from "./webhook-receiver.ts";

describe("reference webhook receiver", () => {
  const secret = generateSecret();
  const body = JSON.stringify({ type: "request.approved", timestamp: "2026-11-22T10:00:00.000Z", data: { request_id: "r" } });
  const now = 1_800_000_000_000;
  const ts = now / 1000;
  const headers = (signature: string, timestamp = ts) => ({ "webhook-id": "evt", "webhook-timestamp": String(timestamp), "webhook-signature": signature });

  it("accepts what the dispatcher signs, with either secret during a rotation", () => {
    const other = generateSecret();
    expect(verifyWebhook(headers(signatureHeader("evt", ts, body, [secret])), body, [secret], now)).toMatchObject({
      ok: true,
      event: { type: "request.approved" },
    });
    expect(verifyWebhook(headers(signatureHeader("evt", ts, body, [other, secret])), body, [secret], now).ok).toBe(true);
  });

  it("refuses a changed body, a wrong secret, an old timestamp and missing headers", () => {
    const signature = signatureHeader("evt", ts, body, [secret]);
    expect(verifyWebhook(headers(signature), body.replace("approved", "denied"), [secret], now)).toMatchObject({ ok: false, status: 401 });
    expect(verifyWebhook(headers(signature), body, [generateSecret()], now)).toMatchObject({ ok: false, status: 401 });
    expect(verifyWebhook(headers(signatureHeader("evt", ts - 600, body, [secret]), ts - 600), body, [secret], now)).toMatchObject({ ok: false, status: 400 });
    expect(verifyWebhook({}, body, [secret], now)).toMatchObject({ ok: false, status: 400 });
  });
});
