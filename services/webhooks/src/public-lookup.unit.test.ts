import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import { publicOnlyLookup, RefusedAddressError } from "./public-lookup.ts";

/** A resolver that answers as told and counts its calls; nothing leaves the process. */
function stubResolver(answers: LookupAddress[]) {
  const calls: string[] = [];
  return {
    calls,
    resolve: async (hostname: string) => {
      calls.push(hostname);
      return answers;
    },
  };
}

function lookUp(lookup: LookupFunction, hostname: string, options: { all?: boolean; family?: number }) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe("the socket's lookup", () => {
  it("refuses a name that resolves to loopback, private or metadata addresses, after resolving it once", async () => {
    for (const answers of [
      [{ address: "127.0.0.1", family: 4 }],
      [{ address: "::ffff:7f00:1", family: 6 }],
      [{ address: "169.254.169.254", family: 4 }],
      [{ address: "10.0.0.1", family: 4 }],
      [
        { address: "8.8.8.8", family: 4 },
        { address: "192.168.1.1", family: 4 },
      ],
    ]) {
      for (const options of [{ all: true }, { family: 4 }]) {
        const stub = stubResolver(answers);
        const { error } = await lookUp(publicOnlyLookup(stub.resolve), "rebinding.test", options);
        expect(error, JSON.stringify(answers)).toBeInstanceOf(RefusedAddressError);
        expect(error!.message).toBe("Refused: the host rebinding.test resolves to a private or loopback address.");
        expect(stub.calls).toEqual(["rebinding.test"]);
      }
    }
  });

  it("hands the socket the public addresses it checked, in the form the socket asked for", async () => {
    const answers = [
      { address: "2606:4700::1111", family: 6 },
      { address: "1.1.1.1", family: 4 },
    ];
    const lookup = publicOnlyLookup(stubResolver(answers).resolve);
    expect(await lookUp(lookup, "public.test", { all: true })).toEqual({ error: null, address: answers, family: undefined });
    expect(await lookUp(lookup, "public.test", { family: 4 })).toEqual({ error: null, address: "1.1.1.1", family: 4 });
    expect((await lookUp(lookup, "public.test", { all: true, family: 6 })).address).toEqual([answers[0]]);
  });
});
