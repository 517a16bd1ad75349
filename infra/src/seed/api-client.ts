import type { FastifyInstance } from "fastify";

/** Drives the product through its own HTTP surface (in-process), so seeded data goes through every command path. */
export class InjectClient {
  constructor(
    private readonly app: FastifyInstance,
    private token: string | null = null,
  ) {}

  as(token: string): InjectClient {
    return new InjectClient(this.app, token);
  }

  async call<T>(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown): Promise<T> {
    const response = await this.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url} failed with ${response.statusCode}: ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  }
}
