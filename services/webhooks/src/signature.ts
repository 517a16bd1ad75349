import { createHmac, timingSafeEqual } from "node:crypto";
import { secretKey } from "./secrets.ts";

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, one per secret, space-separated (Standard Webhooks). */
export function signatureHeader(id: string, timestamp: number, body: string, secrets: readonly string[]): string {
  return secrets.map((secret) => `v1,${createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`).join(" ");
}

/** Whether any v1 signature in the header was made with `secret` over exactly these bytes. */
export function verifySignature(id: string, timestamp: string, body: string, header: string, secret: string): boolean {
  const expected = createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest();
  return header.split(" ").some((part) => {
    const [version, value] = part.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
