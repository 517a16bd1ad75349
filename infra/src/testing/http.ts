import { expect } from "vitest";
import type { z } from "zod";
import type { TestApp } from "./test-app.ts";

/** Calls the API and checks the status; with a schema, the answer is parsed by it (the contract test). */
export async function expectCall<T>(
  t: TestApp,
  method: string,
  url: string,
  options: { token: string; body?: unknown; status?: number; schema?: z.ZodType<T> },
): Promise<T> {
  const res = await t.call(method, url, { token: options.token, body: options.body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(options.status ?? 200);
  const json: unknown = res.body ? res.json() : null;
  return options.schema ? options.schema.parse(json) : (json as T);
}
