import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { errorBody, invoice, invoiceDocumentTypeMessage, invoiceFile, purchaseOrder } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
let invoiceId: string;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  t = await startTestApp("invoice-files", { UPLOAD_MAX_BYTES: String(LIMIT) });
  users = await createUsers(t);
  const vendor = await expectCall<{ id: string }>(t, "POST", "/api/vendors", {
    token: users.admin.token,
    body: { name: "Contoso", status: "active" },
    status: 201,
  });
  const order = await expectCall(t, "POST", "/api/orders", {
    token: users.buyer.token,
    body: { vendor_id: vendor.id, status: "issued", lines: [{ description: "Chair", quantity: 2, unit_price: 100 }] },
    status: 201,
    schema: purchaseOrder,
  });
  const recorded = await expectCall(t, "POST", "/api/invoices", {
    token: users.finance.token,
    body: { order_id: order.id, number: "INV-77", invoice_date: "2026-11-20", lines: [{ line_id: order.lines[0]!.id, quantity: 2, unit_price: 100 }] },
    status: 201,
    schema: invoice,
  });
  invoiceId = recorded.id;
});
afterAll(async () => {
  await t?.stop();
});

function upload(token: string, content: Buffer, filename = "INV-77.pdf", type = "application/pdf", id = invoiceId) {
  const form = new FormData();
  form.append("file", new Blob([content], { type }), filename);
  return fetch(`${t.url}/api/invoices/${id}/files`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}
const errorOf = async (res: Response, status: number) => {
  expect(res.status).toBe(status);
  return errorBody.parse(await res.json()).error;
};
const eventsOfType = async (type: string) =>
  (await sql<{ data: Record<string, unknown> }>`select data from events where type = ${type}`.execute(t.runtime.db)).rows.map((r) => r.data);

describe("the vendor's invoice document", () => {
  it("is attached by finance, kept outside the log, listed and downloaded by those who read invoices", async () => {
    const content = Buffer.from("%PDF-1.4 Contoso invoice INV-77");
    const file = invoiceFile.parse(await (await upload(users.finance.token, content)).json());
    expect(file).toMatchObject({ filename: "INV-77.pdf", size: content.length, content_type: "application/pdf", uploaded_by: users.finance.email });
    expect(file.sha256).toBe(createHash("sha256").update(content).digest("hex"));

    const [event] = await eventsOfType("InvoiceFileAttached");
    expect(event).toMatchObject({ invoice_id: invoiceId, number: "INV-77", filename: "INV-77.pdf", sha256: file.sha256 });
    expect(JSON.stringify(event)).not.toContain("Contoso invoice");

    const listed = await expectCall(t, "GET", `/api/invoices/${invoiceId}/files`, { token: users.admin.token, status: 200, schema: z.array(invoiceFile) });
    expect(listed.map((f) => f.id)).toEqual([file.id]);
    const download = await fetch(`${t.url}${file.url}`, { headers: { authorization: `Bearer ${users.admin.token}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(content);
    expect(download.headers.get("content-disposition")).toContain("INV-77.pdf");

    // The public feed tells its name, size and digest, never where the bytes are kept.
    const feed = await expectCall<{ type: string; data: Record<string, unknown> }[]>(t, "GET", "/api/events?types=invoice.file_attached", {
      token: users.finance.token,
      status: 200,
    });
    expect(feed.map((e) => e.data.file_id)).toEqual([file.id]);
    expect(feed[0]!.data).not.toHaveProperty("storage_key");
  });

  it("is for those who work invoices: others may neither attach, list nor download", async () => {
    const [file] = await expectCall(t, "GET", `/api/invoices/${invoiceId}/files`, { token: users.finance.token, status: 200, schema: z.array(invoiceFile) });
    for (const user of [users.buyer, users.requester, users.approver]) {
      expect((await upload(user.token, Buffer.from("%PDF-1.4"))).status).toBe(403);
      expect((await t.call("GET", `/api/invoices/${invoiceId}/files`, { token: user.token })).statusCode).toBe(403);
      expect((await fetch(`${t.url}${file!.url}`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(403);
    }
  });

  it("refuses a file that is not an invoice document, one over the limit, and an unknown invoice, recording nothing", async () => {
    const before = (await eventsOfType("InvoiceFileAttached")).length;
    expect(await errorOf(await upload(users.finance.token, Buffer.from("MZ..."), "setup.exe", "application/x-msdownload"), 415)).toMatchObject({
      message: invoiceDocumentTypeMessage,
    });
    expect((await errorOf(await upload(users.finance.token, Buffer.alloc(LIMIT + 1, 1)), 413)).message).toMatch(/larger than the upload limit/);
    expect((await errorOf(await upload(users.finance.token, Buffer.from("%PDF"), "x.pdf", "application/pdf", crypto.randomUUID()), 404)).message).toBe(
      "Invoice not found.",
    );
    expect(await eventsOfType("InvoiceFileAttached")).toHaveLength(before);
  });
});
