import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFile } from "@procure/contracts";
import type { Runtime } from "@procure/infra/runtime";
import { startS3Server } from "@procure/infra/testing/s3-server";
import { startSecondApi } from "@procure/infra/testing/second-api";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";

const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

async function uploadAndFetch(upTo: TestApp, downFrom: string, token: string, content: Buffer) {
  const requestId = (await upTo.call("POST", "/api/requests", { token, body: { title: "Tender", amount: 10 } })).json().id;
  const form = new FormData();
  form.append("file", new Blob([content], { type: "application/pdf" }), "tender.pdf");
  const res = await fetch(`${upTo.url}/api/requests/${requestId}/files`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  const file = requestFile.parse(await res.json());
  // The other process reads the files' read model, which may be a moment behind the upload's answer.
  let served: Buffer | null = null;
  await expect
    .poll(async () => {
      const res = await fetch(`${downFrom}${file.url}`, { headers: { authorization: `Bearer ${token}` } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status === 200) served = body;
      return res.status;
    })
    .toBe(200);
  return served!;
}

/**
 * On Postgres, a second API process with a DATA_DIR of its own (another host's) serves a file the first took in.
 * The embedded defaults run one process, which keeps its files under its DATA_DIR: there the first serves it.
 */
describe("files across API processes", () => {
  let a: TestApp;
  let b: Runtime | null = null;
  let users: Record<"requester", TestUser>;
  const otherHost = mkdtempSync(join(tmpdir(), "procure-other-host-"));
  beforeAll(async () => {
    a = await startTestApp("filesacross");
    users = await createUsers(a, ["requester"]);
    b = await startSecondApi(a, { DATA_DIR: otherHost });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    rmSync(otherHost, { recursive: true, force: true });
  });

  it("serves a file of several MiB from the process that did not take it in, byte for byte", async () => {
    const content = randomBytes(3 * 1024 * 1024 + 7);
    const served = await uploadAndFetch(a, b?.url ?? a.url, users.requester.token, content);
    expect(sha256(served)).toBe(sha256(content));
    const keptOnDisk = (dir: string) => (existsSync(join(dir, "files")) ? readdirSync(join(dir, "files")) : []);
    if (b) expect([...keptOnDisk(a.services.dataDir), ...keptOnDisk(otherHost)]).toEqual([]);
    else expect(keptOnDisk(a.services.dataDir)).toHaveLength(1);
  });
});

describe("files in an S3-compatible bucket", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: TestApp;
  let users: Record<"requester", TestUser>;
  beforeAll(async () => {
    s3 = await startS3Server();
    a = await startTestApp("filess3", s3.env);
    users = await createUsers(a, ["requester"]);
  });
  afterAll(async () => {
    await a?.stop();
    await s3?.stop();
  });

  it("keeps an upload in the bucket, not under DATA_DIR, and serves it back", async () => {
    const content = randomBytes(6 * 1024 * 1024);
    expect(sha256(await uploadAndFetch(a, a.url, users.requester.token, content))).toBe(sha256(content));
    expect(existsSync(join(a.services.dataDir, "files"))).toBe(false);
    expect(await s3.keys()).toHaveLength(1);
  });
});
