import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

const nat64 = ipaddr.parseCIDR("64:ff9b::/96");
const ipv4Compatible = ipaddr.parseCIDR("::/96");

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);
const unmask = (bytes: number[]) => bytes.map((b) => b ^ 0xff);

/**
 * The IPv4 addresses an IPv6 address stands for: a socket or a relay dialling it ends up at them, so it is as
 * public as they are. Null for one that carries none.
 */
function carriedV4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case "ipv4Mapped":
      return [address.toIPv4Address()];
    case "rfc6145":
      return [v4(bytes.slice(12))];
    case "rfc6052":
      // Only the well-known NAT64 prefix says where it leads; the local-use 64:ff9b:1::/48 stays refused.
      return address.match(nat64) ? [v4(bytes.slice(12))] : null;
    case "6to4":
      return [v4(bytes.slice(2, 6))];
    case "teredo":
      return [v4(bytes.slice(4, 8)), v4(unmask(bytes.slice(12)))];
    default:
      // ::a.b.c.d, deprecated IPv4-compatible addresses that some stacks still route as IPv4.
      return address.match(ipv4Compatible) ? [v4(bytes.slice(12))] : null;
  }
}

/**
 * The range an address falls in as `ipaddr.js` names them ("unicast" for a public one), IPv6 that carries IPv4
 * judged by the IPv4 it carries; "invalid" for anything that is no IP address.
 */
export function addressRange(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "invalid";
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return parsed.range();
  const carried = carriedV4(parsed as ipaddr.IPv6);
  if (!carried) return parsed.range();
  return carried.map((a) => a.range()).find((range) => range !== "unicast") ?? "unicast";
}

/** Anything but a public unicast address (loopback, private, link-local and metadata, reserved...): where a webhook must not reach. */
export function isPrivateAddress(address: string): boolean {
  return addressRange(address) !== "unicast";
}

export class PrivateUrlError extends Error {}

/**
 * Refuses a URL whose host is or resolves to any private address (all of them are checked: a name with one public
 * and one private address could be answered with either). Checked when an endpoint is saved; the socket of each
 * send checks the address it dials again (send.ts), since DNS can change in between.
 */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new PrivateUrlError(`The host ${host} does not resolve.`);
  if (addresses.some(isPrivateAddress)) throw new PrivateUrlError(`The host ${host} resolves to a private or loopback address.`);
}
