import { describe, expect, it } from "vitest";
import { demoPassword, passwordMinLength } from "@procure/contracts";
import { generateTemporaryPassword, hashPasswords, verifyPassword } from "./passwords.ts";
import { passwordWeakness } from "./password-strength.ts";

describe("hashing many passwords", () => {
  it("keeps four hashes under way at a time, never more, and answers each in its place", async () => {
    let running = 0;
    let most = 0;
    const hash = async (password: string) => {
      running += 1;
      most = Math.max(most, running);
      // Each hash waits for the next turn, as scrypt waits for a libuv thread: only those started together overlap.
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return `hashed:${password}`;
    };
    const passwords = Array.from({ length: 100 }, (_, i) => `password-${i}`);
    expect(await hashPasswords(passwords, { hash })).toEqual(passwords.map((p) => `hashed:${p}`));
    expect(most).toBe(4);
    expect(await hashPasswords([], { hash })).toEqual([]);
  });

  it("makes real scrypt hashes that verify", async () => {
    const [first, second] = await hashPasswords(["Quiet harbour ledger", "velvet-otter-harbour"]);
    expect(await verifyPassword("Quiet harbour ledger", first!)).toBe(true);
    expect(await verifyPassword("Quiet harbour ledger", second!)).toBe(false);
  });
});

describe("the password rules", () => {
  it("take the demo accounts' password and every generated temporary one", async () => {
    expect(demoPassword.length).toBeGreaterThanOrEqual(passwordMinLength);
    expect(await passwordWeakness(demoPassword)).toBeNull();
    for (let i = 0; i < 20; i++) {
      const temporary = generateTemporaryPassword();
      expect(temporary.length).toBeGreaterThanOrEqual(passwordMinLength);
      expect(await passwordWeakness(temporary), temporary).toBeNull();
    }
  });

  it("refuse what a guesser tries first, saying why in the estimator's words", async () => {
    expect(await passwordWeakness("password1234")).toBe(
      "This password is too easy to guess. This is similar to a commonly used password. Add more words that are less common.",
    );
    for (const password of ["123456789012", "qwertyuiop12", "aaaaaaaaaaaa", "abcdefghijkl"]) expect(await passwordWeakness(password), password).not.toBeNull();
    expect(await passwordWeakness("Quiet harbour ledger")).toBeNull();
  });
});
