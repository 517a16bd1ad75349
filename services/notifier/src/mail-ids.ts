import { createHash } from "node:crypto";

const digestOf = (text: string) => createHash("sha256").update(text).digest("hex");

/** A uuid named by its inputs, so the same inputs name the same row or mail however often they are worked out. */
export function derivedUuid(...parts: string[]): string {
  const h = digestOf(parts.join("\u0000"));
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The Message-ID of a mail: the same on every attempt and after a crash, so a mail sent twice reads as one. */
export function messageIdOf(domain: string, ...parts: string[]): string {
  return `<${digestOf(parts.join("\u0000")).slice(0, 40)}@${domain}>`;
}

/** The host mails name as theirs: the product's public address. */
export function messageDomainOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}
