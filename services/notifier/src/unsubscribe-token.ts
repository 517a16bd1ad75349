import { createHmac, timingSafeEqual } from "node:crypto";

/** A key of its own, derived from the session secret, so an unsubscribe signature can never pass as anything else. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("procure:notifications:unsubscribe:v1").digest();

export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", keyOf(secret)).update(userId).digest("base64url");
}

export function verifyUnsubscribeToken(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  const query = new URLSearchParams({ user: userId, token: unsubscribeToken(secret, userId) });
  return `${publicUrl.replace(/\/+$/, "")}/api/notifications/unsubscribe?${query}`;
}
