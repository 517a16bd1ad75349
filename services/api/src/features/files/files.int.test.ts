import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import { errorBody, requestFile } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
let requestId: string;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  t = await startTestApp("files", { UPLOAD_MAX_BYTES: String(LIMIT) });
  users = await createUsers(t);
  requestId = (await t.call("POST", "/api/requests", { token: users.requester.token, body: { title: "Quote", amount: 10 } })).json().id;
});
afterAll(async () => {
  await t?.stop();
});

function upload(token: string, content: Buffer, filename = "quote.pdf", field = "file", type = "application/pdf") {
  const form = new FormData();
  form.append(field, new Blob([content], { type }), filename);
  return fetch(`${t.url}/api/requests/${requestId}/files`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}

describe("request files", () => {
  it("stores an upload outside the log, records its sha256 in the event, lists it and serves it to those who may see it", async () => {
    const content = Buffer.from("%PDF-1.4 a supplier quote");
    const res = await upload(users.requester.token, content);
    expect(res.status).toBe(201);
    const file = requestFile.parse(await res.json());
    expect(file).toMatchObject({ filename: "quote.pdf", size: content.length, sha256: createHash("sha256").update(content).digest("hex") });

    const { rows } = await sql<{ data: { sha256: string; storage_key: string } }>`select data from events
      where type = 'RequestFileAttached' and stream_id = ${`request-${requestId}`}`.execute(t.runtime.db);
    expect(rows[0]!.data.sha256).toBe(file.sha256);
    expect(JSON.stringify(rows[0]!.data)).not.toContain("supplier quote");

    const list = z.array(requestFile).parse((await t.call("GET", `/api/requests/${requestId}/files`, { token: users.approver.token })).json());
    expect(list.map((f) => f.id)).toEqual([file.id]);

    const download = await fetch(`${t.url}${file.url}`, { headers: { authorization: `Bearer ${users.approver.token}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(content);
    expect(download.headers.get("content-disposition")).toContain("quote.pdf");
    expect((await fetch(`${t.url}${file.url}`)).status).toBe(401);

    const stranger = await t.call("POST", "/api/users", {
      token: users.admin.token,
      body: { email: "stranger@example.com", role: "requester", password: "secret-pass-4821" },
    });
    expect(stranger.statusCode).toBe(201);
    const strangerToken = (await t.call("POST", "/api/auth/login", { body: { email: "stranger@example.com", password: "secret-pass-4821" } })).json().token;
    expect((await fetch(`${t.url}${file.url}`, { headers: { authorization: `Bearer ${strangerToken}` } })).status).toBe(404);
  });

  it("refuses a file over the cap with a 413 in the error shape and appends nothing", async () => {
    const before = Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);
    const res = await upload(users.requester.token, Buffer.alloc(LIMIT + 1, 1));
    expect(res.status).toBe(413);
    expect(errorBody.parse(await res.json()).error.code).toBe("payload_too_large");
    const after = Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(t.runtime.db)).rows[0]!.n);
    expect(after).toBe(before);
  });

  it("needs a part named file", async () => {
    const res = await upload(users.requester.token, Buffer.from("x"), "a.txt", "attachment");
    expect(res.status).toBe(400);
    const json = await t.call("POST", `/api/requests/${requestId}/files`, { token: users.requester.token, body: { file: "x" } });
    expect(json.statusCode).toBe(400);
  });

  it("serves only types that cannot run in the product's origin as declared, everything else as bytes, always sandboxed", async () => {
    const download = async (type: string, filename: string) => {
      const res = await upload(users.requester.token, Buffer.from("<script>alert(document.domain)</script>"), filename, "file", type);
      expect(res.status, type).toBe(201);
      const file = requestFile.parse(await res.json());
      const get = () => t.call("GET", file.url, { token: users.requester.token });
      // The upload may answer before the files' read model has its row.
      await expect.poll(async () => (await get()).statusCode, { timeout: 10_000 }).toBe(200);
      const { headers } = await get();
      expect(headers["content-disposition"], type).toMatch(/^attachment;/);
      expect(headers["x-content-type-options"], type).toBe("nosniff");
      expect(headers["content-security-policy"], type).toBe("default-src 'none'; sandbox");
      return headers["content-type"];
    };
    for (const [type, name] of [
      ["text/html", "page.html"],
      ["image/svg+xml", "logo.svg"],
      ["application/javascript", "app.js"],
      ["text/javascript", "app.mjs"],
      ["multipart/x-mixed-replace", "stream.bin"],
      ["application/xhtml+xml", "page.xhtml"],
      ["text/xml", "feed.xml"],
    ]) {
      expect(await download(type!, name!), type).toBe("application/octet-stream");
    }
    for (const type of [
      "application/pdf",
      "image/png",
      "image/jpeg",
      "text/plain",
      "text/csv",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/msword",
    ]) {
      expect(await download(type, "file"), type).toBe(type);
    }
  });
});
