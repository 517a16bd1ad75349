import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authResponse, emailMessage, emailTakenMessage, errorBody, loginFailedMessage, passwordMessage } from "@procure/contracts";
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
    const first = await t.call("POST", "/api/auth/signup", { body: { email: "Boss@Example.com", password: "secret1", role: "admin" } });
    expect(first.statusCode).toBe(201);
    const body = authResponse.parse(first.json());
    expect(body.user).toMatchObject({ email: "boss@example.com", role: "admin" });

    const second = await t.call("POST", "/api/auth/signup", { body: { email: "next@example.com", password: "secret1", role: "admin" } });
    expect(second.statusCode).toBe(201);
    expect(second.json().user.role).toBe("requester");

    const taken = await t.call("POST", "/api/auth/signup", { body: { email: "boss@example.com", password: "another1" } });
    expect(taken.statusCode).toBe(409);
    expect(errorBody.parse(taken.json()).error.message).toBe(emailTakenMessage);
  });

  it("enforces the email and password rules with the spec's messages", async () => {
    const badEmail = await t.call("POST", "/api/auth/signup", { body: { email: "not-an-email", password: "secret1" } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe(emailMessage);
    const shortPassword = await t.call("POST", "/api/auth/signup", { body: { email: "short@example.com", password: "12345" } });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().error.message).toBe(passwordMessage);
  });

  it("logs in, answers /api/me, and refuses a wrong password", async () => {
    await t.call("POST", "/api/auth/signup", { body: { email: "me@example.com", password: "secret1" } });
    const login = await t.call("POST", "/api/auth/login", { body: { email: "me@example.com", password: "secret1" } });
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
    const login = await t.call("POST", "/api/auth/login", { body: { email: "me@example.com", password: "secret1" } });
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
