import { createHmac, timingSafeEqual } from "node:crypto";

/** A key of its own, derived from the session secret, so an unsubscribe signature can never pass as anything else. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("procure:notifications:unsubscribe:v1").digest();

/**
 * Signs the user and the preference version the link is made for. Version 0 signs the user alone, as links did
 * before they carried a version: those still work, and count as made before any change.
 */
export function unsubscribeToken(secret: string, userId: string, version: number): string {
  return createHmac("sha256", keyOf(secret))
    .update(version === 0 ? userId : `${userId}:${version}`)
    .digest("base64url");
}

export function verifyUnsubscribeToken(secret: string, userId: string, version: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId, version));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, version: number): string {
  const query = new URLSearchParams({ user: userId, token: unsubscribeToken(secret, userId, version), v: String(version) });
  return `${publicUrl.replace(/\/+$/, "")}/api/notifications/unsubscribe?${query}`;
}
