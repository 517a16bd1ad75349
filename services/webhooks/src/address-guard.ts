import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

const privateV4: [number, number][] = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8],
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8],
  [0xa9fe0000, 16], // link-local, cloud metadata
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved and broadcast
];

function v4ToInt(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function isPrivateV4(address: string): boolean {
  const n = v4ToInt(address);
  return privateV4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
}

function isPrivateV6(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isPrivateV4(mapped[1]!);
  if (a === "::" || a === "::1") return true;
  const first = parseInt(a.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** Loopback, private, link-local, multicast and reserved addresses: where a webhook must not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address.replace(/^\[|\]$/g, ""));
  if (kind === 4) return isPrivateV4(address);
  if (kind === 6) return isPrivateV6(address);
  return true;
}

export class PrivateUrlError extends Error {}

/**
 * Refuses a URL whose host resolves to any private address (all of them are checked: a name with one public and
 * one private address could be answered with either). Checked when an endpoint is saved and again before each
 * send, since DNS can change in between.
 */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new PrivateUrlError(`The host ${host} does not resolve.`);
  if (addresses.some(isPrivateAddress)) throw new PrivateUrlError(`The host ${host} resolves to a private or loopback address.`);
}
