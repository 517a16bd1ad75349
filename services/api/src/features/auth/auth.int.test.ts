import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authResponse,
  emailMessage,
  emailTakenMessage,
  errorBody,
  errorCodes,
  loginFailedMessage,
  passwordMessage,
  weakPasswordMessage,
} from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp("auth");
});
afterAll(async () => {
  await t?.stop();
});

describe("sign-up, sign-in and the session", () => {
  it("signs up the first admin, then only requesters, and rejects a taken email with 409", async () => {
    const first = await t.call("POST", "/api/auth/signup", { body: { email: "Boss@Example.com", password: "secret-pass-4821", role: "admin" } });
    expect(first.statusCode).toBe(201);
    const body = authResponse.parse(first.json());
    expect(body.user).toMatchObject({ email: "boss@example.com", role: "admin" });

    const second = await t.call("POST", "/api/auth/signup", { body: { email: "next@example.com", password: "secret-pass-4821", role: "admin" } });
    expect(second.statusCode).toBe(201);
    expect(second.json().user.role).toBe("requester");

    const taken = await t.call("POST", "/api/auth/signup", { body: { email: "boss@example.com", password: "another-pass-4821" } });
    expect(taken.statusCode).toBe(409);
    expect(errorBody.parse(taken.json()).error.message).toBe(emailTakenMessage);
  });

  it("enforces the email and password rules with the spec's messages", async () => {
    const badEmail = await t.call("POST", "/api/auth/signup", { body: { email: "not-an-email", password: "secret-pass-4821" } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe(emailMessage);
    const shortPassword = await t.call("POST", "/api/auth/signup", { body: { email: "short@example.com", password: "12345" } });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().error.message).toBe(passwordMessage);
  });

  it("refuses a short or guessable password wherever one is chosen, naming the field with the estimator's hint, and takes a strong one", async () => {
    const admin = authResponse.parse((await t.call("POST", "/api/auth/login", { body: { email: "boss@example.com", password: "secret-pass-4821" } })).json());
    const refusal = (answer: { statusCode: number; json: () => unknown }) => {
      expect(answer.statusCode).toBe(400);
      return errorBody.parse(answer.json()).error;
    };
    const guessable = (error: ReturnType<typeof refusal>, field: string) => {
      expect(error.code).toBe(errorCodes.validation);
      expect(error.message.startsWith(weakPasswordMessage)).toBe(true);
      // The estimator's own words follow: what makes it weak, or what would make it strong.
      expect(error.message.length).toBeGreaterThan(weakPasswordMessage.length + 10);
      expect(error.details).toEqual([{ path: `body.${field}`, message: error.message }]);
    };

    // Six characters were once enough: no longer, anywhere.
    expect(refusal(await t.call("POST", "/api/auth/signup", { body: { email: "six@example.com", password: "123456" } })).message).toBe(passwordMessage);
    const createUser = (email: string, password: string) => t.call("POST", "/api/users", { token: admin.token, body: { email, role: "buyer", password } });
    expect(refusal(await createUser("six@example.com", "123456")).message).toBe(passwordMessage);

    // Twelve characters, but among the first a guesser tries.
    for (const password of ["password1234", "qwertyuiop12", "aaaaaaaaaaaa"]) {
      guessable(refusal(await t.call("POST", "/api/auth/signup", { body: { email: "weak@example.com", password } })), "password");
      guessable(refusal(await createUser("weak@example.com", password)), "password");
    }
    expect(refusal(await createUser("weak@example.com", "password1234")).message).toContain("commonly used password");

    expect((await t.call("POST", "/api/auth/signup", { body: { email: "strong@example.com", password: "velvet-otter-harbour" } })).statusCode).toBe(201);
    expect((await createUser("member@example.com", "Temporary-lantern-7")).statusCode).toBe(201);
    const member = authResponse.parse(
      (await t.call("POST", "/api/auth/login", { body: { email: "member@example.com", password: "Temporary-lantern-7" } })).json(),
    );
    const change = (newPassword: string) =>
      t.call("POST", "/api/auth/password", { token: member.token, body: { currentPassword: "Temporary-lantern-7", newPassword } });
    expect(refusal(await change("short-one")).message).toBe(passwordMessage);
    guessable(refusal(await change("password1234")), "newPassword");
    expect((await change("Quiet harbour ledger")).statusCode).toBe(200);
    expect((await t.call("POST", "/api/auth/login", { body: { email: "member@example.com", password: "Quiet harbour ledger" } })).statusCode).toBe(200);
  });

  it("logs in, answers /api/me, and refuses a wrong password", async () => {
    await t.call("POST", "/api/auth/signup", { body: { email: "me@example.com", password: "secret-pass-4821" } });
    const login = await t.call("POST", "/api/auth/login", { body: { email: "me@example.com", password: "secret-pass-4821" } });
    expect(login.statusCode).toBe(200);
    const { token, user } = authResponse.parse(login.json());
    const me = await t.call("GET", "/api/me", { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);

    const wrong = await t.call("POST", "/api/auth/login", { body: { email: "me@example.com", password: "wrong-one" } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(loginFailedMessage);
  });

  it("rejects a missing, tampered or expired token with 401", async () => {
    const login = await t.call("POST", "/api/auth/login", { body: { email: "me@example.com", password: "secret-pass-4821" } });
    const token: string = login.json().token;
    expect((await t.call("GET", "/api/me")).statusCode).toBe(401);
    const [head, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), role: "admin" })).toString("base64url");
    const tampered = await t.call("GET", "/api/me", { token: `${head}.${forged}.${signature}` });
    expect(tampered.statusCode).toBe(401);
    expect(errorBody.parse(tampered.json()).error.code).toBe("unauthorized");
    const expired = t.app.jwt.sign({ sub: login.json().user.id, email: "me@example.com", role: "requester" }, { expiresIn: -10 });
    expect((await t.call("GET", "/api/me", { token: expired })).statusCode).toBe(401);
  });
});
