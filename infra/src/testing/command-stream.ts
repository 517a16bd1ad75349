import { randomUUID } from "node:crypto";

export type StreamUsers = { requester: string; approver: string; admin: string };

/** An acknowledged command's answer, with what it takes to send the same command again. */
export type StreamAnswer = {
  method: string;
  path: string;
  token: string;
  key: string;
  body: unknown;
  status: number;
  json: { id?: string };
  headers: Headers;
};

/**
 * Sends `count` commands (create, comment, approve or deny) to a product over HTTP, `concurrency` at a time.
 * Each command has an Idempotency-Key and is retried on a dropped connection or a 5xx, so a crash of a server
 * process mid-stream is survived the way a careful client survives it, without double effects.
 */
export async function runCommandStream(
  baseUrl: () => string,
  tokens: StreamUsers,
  count: number,
  options: { concurrency?: number; onProgress?: (done: number) => void; onAnswer?: (answer: StreamAnswer) => Promise<void> } = {},
) {
  const created = new Map<number, Promise<string>>();
  let next = 0;
  let done = 0;
  const outcomes = { created: 0, commented: 0, decided: 0, retries: 0 };

  async function send(method: string, path: string, token: string, body: unknown): Promise<{ status: number; json: { id?: string } }> {
    const key = randomUUID();
    const res = await sendCommand(baseUrl, method, path, token, body, { key, onRetry: () => outcomes.retries++ });
    const answer = { method, path, token, key, body, ...res };
    // Awaited: what the caller checks right after an answer happens before the stream goes on.
    await options.onAnswer?.(answer);
    return answer;
  }

  async function run(i: number) {
    const kind = i % 5;
    if (kind === 3 || kind === 4) {
      const requestId = await created.get(i - kind)!;
      if (kind === 3) {
        const verdict = i % 2 ? "approve" : "deny";
        // A denial carries its reason for the requester; an approval may carry none.
        const res = await send("POST", `/api/requests/${requestId}/${verdict}`, tokens.approver, verdict === "deny" ? { comment: `Reason ${i}` } : {});
        if (res.status !== 200) throw new Error(`${verdict} answered ${res.status}`);
        outcomes.decided++;
      } else {
        const res = await send("POST", `/api/requests/${requestId}/comments`, tokens.requester, { body: `Note ${i}` });
        if (res.status !== 201) throw new Error(`comment answered ${res.status}`);
        outcomes.commented++;
      }
      return;
    }
    const promise = send("POST", "/api/requests", tokens.requester, { title: `Stream request ${i}`, amount: (i % 97) + 0.5 }).then((res) => {
      if (res.status !== 201 || !res.json.id) throw new Error(`create answered ${res.status}`);
      outcomes.created++;
      return res.json.id;
    });
    created.set(i, promise);
    await promise;
  }

  await Promise.all(
    Array.from({ length: options.concurrency ?? 8 }, async () => {
      while (next < count) {
        const i = next++;
        await run(i);
        options.onProgress?.(++done);
      }
    }),
  );
  return outcomes;
}

/**
 * Sends one command with an Idempotency-Key, retrying it with the same key on a dropped connection, a 5xx, or a 409
 * with Retry-After (an earlier attempt with this key still running), as a careful client does.
 */
export async function sendCommand(
  baseUrl: () => string,
  method: string,
  path: string,
  token: string,
  body: unknown,
  { key = randomUUID(), onRetry }: { key?: string; onRetry?: () => void } = {},
): Promise<{ status: number; json: { id?: string }; headers: Headers }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const retryable = res.status >= 500 || (res.status === 409 && res.headers.has("retry-after"));
      if (!retryable) return { status: res.status, json: (await res.json()) as { id?: string }, headers: res.headers };
    } catch {
      // The server is down or restarting; the same key makes the retry safe.
    }
    onRetry?.();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${method} ${path} never succeeded`);
}

/** Signs up an admin and creates a requester and an approver, over HTTP. */
export async function createStreamUsers(baseUrl: string): Promise<StreamUsers> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { token?: string };
  };
  const admin = (await post("/api/auth/signup", { email: "admin@stream.test", password: "secret-pass-4821", role: "admin" })).token!;
  const tokens: StreamUsers = { admin, requester: "", approver: "" };
  for (const role of ["requester", "approver"] as const) {
    await post("/api/users", { email: `${role}@stream.test`, role, password: "secret-pass-4821" }, admin);
    tokens[role] = (await post("/api/auth/login", { email: `${role}@stream.test`, password: "secret-pass-4821" })).token!;
  }
  return tokens;
}

/**
 * Waits until /api/health says the projections have applied, and the relay published, the whole log. The report's
 * parts are only for the roles that see them, so it signs in as the admin `createStreamUsers` signed up.
 */
export async function waitForProjections(baseUrl: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  let token: string | null = null;
  while (Date.now() < deadline) {
    try {
      token ??= await signInStreamAdmin(baseUrl);
      const res = await fetch(`${baseUrl}/api/health`, { headers: { authorization: `Bearer ${token}` } });
      last = await res.text();
      const body = JSON.parse(last) as { projections?: { lag?: { behind?: number } }; relay?: { behind?: number } };
      if (body.projections?.lag?.behind === 0 && (body.relay?.behind ?? 0) === 0) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`projections did not catch up: ${last}`);
}

async function signInStreamAdmin(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@stream.test", password: "secret-pass-4821" }),
  });
  if (res.status !== 200) throw new Error(`signing in answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
