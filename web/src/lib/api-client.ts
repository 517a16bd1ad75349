import { env } from "@/config/env";
import { storage } from "./storage";
import { takeEarlyAnswer } from "./early-answers";
import { latestWrite, readAfter, rememberWrite } from "./read-your-writes";

export class ApiError extends Error {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly body: string;
  readonly code: string | null;
  readonly details: unknown;
  /** On a 412 (a stale `If-Match`): the record as it is now. */
  readonly current: unknown;

  constructor(init: { method: string; url: string; status: number; statusText: string; body: string }) {
    const parsed = parseErrorBody(init.body);
    super(parsed?.message ?? `${init.method} ${init.url} failed: ${init.status} ${init.statusText} ${init.body}`.trim());
    this.name = "ApiError";
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.code = parsed?.code ?? null;
    this.details = parsed?.details;
    this.current = parsed?.current;
  }
}

function parseErrorBody(body: string): { code: string; message: string; details?: unknown; current?: unknown } | null {
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === "object" && "error" in json) {
      const error = (json as { error: unknown }).error;
      if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
        const code = "code" in error && typeof error.code === "string" ? error.code : "error";
        return {
          code,
          message: error.message,
          details: "details" in error ? error.details : undefined,
          current: "current" in error ? error.current : undefined,
        };
      }
    }
  } catch {
    /* not JSON: keep the raw body on the error */
  }
  return null;
}

/** Joins base and path without doubling a shared segment, e.g. "https://host/api" + "/api/me". */
export function joinUrl(base: string, path: string): string {
  if (!base) return path;
  const trimmedBase = base.replace(/\/+$/, "");
  const cleanPath = path.startsWith("/") ? path : `/${path}`;
  const lastSegment = trimmedBase.slice(trimmedBase.lastIndexOf("/"));
  if (lastSegment.length > 1 && (cleanPath === lastSegment || cleanPath.startsWith(`${lastSegment}/`))) {
    return trimmedBase + cleanPath.slice(lastSegment.length);
  }
  return trimmedBase + cleanPath;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** The session layer subscribes so any 401 on an authenticated call signs the tab out. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type RequestOptions = { body?: BodyInit | null; json?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(method, path, options)).data;
}

/** The next page's path from a `Link: <…>; rel="next"` header, as every list of the API gives it. */
export function nextPageFrom(link: string | null): string | null {
  const match = link?.match(/<([^>]+)>\s*;\s*rel="next"/);
  return match?.[1] ?? null;
}

async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<{ data: T; response: Response }> {
  const url = joinUrl(env.apiUrl, path);
  const read = method === "GET";
  const after = read ? latestWrite() : null;
  const headers: Record<string, string> = { Accept: "application/json", ...readAfter(after), ...options.headers };
  const token = storage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body = options.body ?? null;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const ask = () => fetch(url, { method, headers, body, signal: options.signal });
  // An answer index.html already asked for is taken once; if that request failed, the call asks again.
  // A call cancelled before it starts leaves the early answer to the call that replaces it.
  options.signal?.throwIfAborted();
  // An early answer was asked for before this tab wrote anything: after a write, the read asks again.
  const early = read && token && url === path && after === null ? takeEarlyAnswer(path, token) : null;
  const response = await (early ? early.catch(ask) : ask());
  rememberWrite(response);
  options.signal?.throwIfAborted();
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError({ method, url, status: response.status, statusText: response.statusText, body: text });
  }
  if (response.status === 204) return { data: undefined as T, response };
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, response };
}

const ifMatch = (version: number | undefined): Record<string, string> => (version === undefined ? {} : { "If-Match": `"${version}"` });

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>("GET", path, { signal }),
  /** One page of a list and the path of the next, if any. */
  page: async (path: string, signal?: AbortSignal): Promise<{ items: unknown; next: string | null }> => {
    const { data, response } = await send<unknown>("GET", path, { signal });
    return { items: data, next: nextPageFrom(response.headers.get("link")) };
  },
  /** `headers`: such as an Idempotency-Key, so that the same write sent twice is made once and answered alike. */
  post: <T>(path: string, json?: unknown, headers?: Record<string, string>) => request<T>("POST", path, json === undefined ? { headers } : { json, headers }),
  /** With `version`, the edit is made on that version of the record (`If-Match`): a record changed since is a 412. */
  patch: <T>(path: string, json: unknown, version?: number) => request<T>("PATCH", path, { json, headers: ifMatch(version) }),
  put: <T>(path: string, json: unknown, version?: number) => request<T>("PUT", path, { json, headers: ifMatch(version) }),
  delete: (path: string) => request<void>("DELETE", path),
  /** A file in a field named `file`, with the text fields the route asks for beside it. */
  upload: <T>(path: string, file: File, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("file", file);
    return request<T>("POST", path, { body: form });
  },
  /** Downloads need the bearer header, so they go through fetch and come back as a blob. */
  blob: async (path: string): Promise<Blob> => {
    const elsewhere = /^https?:\/\//i.test(path);
    const url = elsewhere ? path : joinUrl(env.apiUrl, path);
    const token = storage.getToken();
    const after = elsewhere ? {} : readAfter(latestWrite());
    const response = await fetch(url, { headers: { ...after, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new ApiError({ method: "GET", url, status: response.status, statusText: response.statusText, body: text });
    }
    return response.blob();
  },
};

export function errorMessage(error: unknown, fallback = "Something went wrong."): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
