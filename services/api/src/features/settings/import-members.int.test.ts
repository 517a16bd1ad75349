import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authResponse, passwordMinLength, settingsExport, settingsImportResult } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

/** How many of the import's hashes were under way at once, at most: the real scrypt hashes, counted as they run. */
const hashing = vi.hoisted(() => ({ most: 0, batches: [] as number[] }));
vi.mock("../../passwords.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../passwords.ts")>();
  let running = 0;
  const counted = async (password: string) => {
    hashing.most = Math.max(hashing.most, ++running);
    try {
      return await real.hashPassword(password);
    } finally {
      running -= 1;
    }
  };
  return {
    ...real,
    hashPasswords: (passwords: readonly string[], options?: Parameters<typeof real.hashPasswords>[1]) => {
      hashing.batches.push(passwords.length);
      return real.hashPasswords(passwords, { ...options, hash: counted });
    },
  };
});

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp("import-members");
  admin = (await createUsers(t, [])).admin;
});
afterAll(async () => {
  await t?.stop();
});

describe("importing many members", () => {
  it("hashes the temporary passwords of 100 new members a few at a time, and each signs in with theirs to choose a new one", async () => {
    const document = await expectCall(t, "GET", "/api/settings/export", { token: admin.token, schema: settingsExport });
    const tag = Date.now().toString(36);
    const members = Array.from({ length: 100 }, (_, i) => ({
      email: `imported-${i}-${tag}@example.com`,
      role: "requester" as const,
      active: true,
      email_notifications: "immediate" as const,
    }));
    const imported = await expectCall(t, "POST", "/api/settings/import", {
      token: admin.token,
      body: { ...document, users: [...document.users, ...members] },
      schema: settingsImportResult,
    });

    expect(imported.temporary_passwords.map(({ email }) => email).sort()).toEqual(members.map(({ email }) => email).sort());
    expect(new Set(imported.temporary_passwords.map(({ password }) => password)).size).toBe(100);
    for (const { password } of imported.temporary_passwords) expect(password.length).toBeGreaterThanOrEqual(passwordMinLength);
    // One batch for the hundred, never one after the other: four at once, as many as libuv has threads.
    expect(hashing.batches).toEqual([100]);
    expect(hashing.most).toBe(4);

    for (const { email, password } of [imported.temporary_passwords[0]!, imported.temporary_passwords[99]!]) {
      const signedIn = await t.call("POST", "/api/auth/login", { body: { email, password } });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(authResponse.parse(signedIn.json()).mustChangePassword).toBe(true);
    }
  });
});
