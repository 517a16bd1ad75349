import { promises as dns, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isPrivateAddress } from "./address-guard.ts";

/** Every address a host name resolves to. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** A send refused before any connection: what the delivery log shows instead of a socket error. */
export class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`Refused: the host ${host} resolves to a private or loopback address.`);
  }
}

/**
 * A socket `lookup` that resolves once and refuses the connection when any answer is private. The socket dials
 * what this check saw, so a name that changes its answer between the check and the connection (DNS rebinding)
 * cannot slip through.
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : (options.family ?? 0);
    const checked = resolve(hostname).then((answers) => {
      if (answers.some((a) => isPrivateAddress(a.address))) throw new RefusedAddressError(hostname);
      const usable = family === 0 ? answers : answers.filter((a) => a.family === family);
      if (usable.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
      return usable;
    });
    // The callback stays outside the chain: a throw inside it must not call it a second time.
    checked.then(
      (usable) => (options.all ? callback(null, usable) : callback(null, usable[0]!.address, usable[0]!.family)),
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
