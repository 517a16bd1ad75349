import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateSecret } from "./secrets.ts";
import { signatureHeader, verifyDelivery } from "./signature.ts";

describe("delivery signatures", () => {
  const body = '{"x":1}';
  const now = Math.floor(Date.now() / 1000);
  const headers = (signature: string, timestamp = now) => ({ id: "msg_1", timestamp: String(timestamp), signature });

  it("sign id.timestamp.body with the decoded secret as Standard Webhooks says, once per valid secret", () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const header = signatureHeader("msg_1", now, body, [a, b]);
    const byHand = createHmac("sha256", Buffer.from(a.slice("whsec_".length), "base64"))
      .update(`msg_1.${now}.${body}`)
      .digest("base64");
    expect(header.split(" ")).toEqual([`v1,${byHand}`, expect.stringMatching(/^v1,/)]);
    expect(verifyDelivery(body, headers(header), a)).toEqual({ x: 1 });
    expect(verifyDelivery(body, headers(header), b)).toEqual({ x: 1 });
  });

  it("refuse another body, timestamp or secret, and a timestamp far from now", () => {
    const secret = generateSecret();
    const header = signatureHeader("msg_1", now, body, [secret]);
    expect(verifyDelivery('{"x":2}', headers(header), secret)).toBeNull();
    expect(verifyDelivery(body, headers(header, now + 1), secret)).toBeNull();
    expect(verifyDelivery(body, headers(header), generateSecret())).toBeNull();
    const old = signatureHeader("msg_1", now - 600, body, [secret]);
    expect(verifyDelivery(body, headers(old, now - 600), secret)).toBeNull();
  });
});
