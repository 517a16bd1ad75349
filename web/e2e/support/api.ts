import { expect } from "vitest";
import { authResponse, demoPassword, sampleAccounts, type Role } from "@procure/contracts";

/** The first demo account with this role. */
export const emailOf = (role: Role) => sampleAccounts.find((a) => a.role === role)!.email;

/** Straight to the API, for the steps a test sets up or checks rather than exercises in the browser. */
export async function callApi(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

export async function tokenFor(baseUrl: string, email: string, password = demoPassword): Promise<string> {
  const { status, json } = await callApi(baseUrl, "POST", "/api/auth/login", null, { email, password });
  expect(status).toBe(200);
  return authResponse.parse(json).token;
}
