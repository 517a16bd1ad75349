import { randomUUID } from "node:crypto";
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
    return this.send<T>(method, url, body === undefined ? undefined : (body as object), {});
  }

  /** A multipart upload: the file in a field named `file`, with the text fields beside it, as a browser's form sends them. */
  async upload<T>(url: string, fields: Record<string, string>, file: { filename: string; contentType: string; content: string }): Promise<T> {
    const boundary = `----procure-${randomUUID()}`;
    const part = (headers: string, value: string) => `--${boundary}\r\n${headers}\r\n\r\n${value}\r\n`;
    const body =
      Object.entries(fields)
        .map(([name, value]) => part(`Content-Disposition: form-data; name="${name}"`, value))
        .join("") +
      part(`Content-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}`, file.content) +
      `--${boundary}--\r\n`;
    return this.send<T>("POST", url, body, { "content-type": `multipart/form-data; boundary=${boundary}` });
  }

  private async send<T>(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    payload: string | object | undefined,
    headers: Record<string, string>,
  ) {
    const response = await this.app.inject({
      method,
      url,
      payload,
      headers: { ...headers, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url} failed with ${response.statusCode}: ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  }
}
