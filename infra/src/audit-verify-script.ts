/**
 * Checks a request audit export (GET /api/requests/:id/audit.csv or /api/audit/requests.csv) without the product:
 * only Node's crypto. For each stream, in version order: versions run 1, 2, 3 ... without a gap; each line's
 * previous_hash is the hash of the line before (64 zeros for version 1); hash = sha256(previous_hash ‖
 * canonical_event); canonical_event is canonical JSON (keys sorted, no spaces) whose fields match the line.
 *
 *   npx tsx infra/src/audit-verify-script.ts export.csv
 *
 * Exits 0 when every chain holds, 1 with the first broken line otherwise. Integrators may copy this file.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type AuditCheck = { valid: boolean; events: number; streams: number; brokenAt?: { line: number; event_id: string; reason: string } };

const GENESIS = "0".repeat(64);

/** RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

export function verifyAuditCsv(text: string): AuditCheck {
  const [header, ...records] = parseCsv(text).filter((r) => r.length > 1);
  if (!header) return { valid: false, events: 0, streams: 0, brokenAt: { line: 1, event_id: "", reason: "the file is empty" } };
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i === -1) throw new Error(`The export has no ${name} column`);
    return i;
  };
  const [streamCol, versionCol, idCol, timeCol, prevCol, hashCol, bodyCol] = [
    "stream_id",
    "stream_version",
    "event_id",
    "time",
    "previous_hash",
    "hash",
    "canonical_event",
  ].map(col);
  const heads = new Map<string, { version: number; hash: string }>();
  for (const [index, r] of records.entries()) {
    const line = index + 2;
    const fail = (reason: string): AuditCheck => ({
      valid: false,
      events: records.length,
      streams: heads.size,
      brokenAt: { line, event_id: r[idCol!] ?? "", reason },
    });
    const stream = r[streamCol!]!;
    const version = Number(r[versionCol!]);
    const head = heads.get(stream) ?? { version: 0, hash: GENESIS };
    if (version !== head.version + 1) return fail(`version ${head.version + 1} of ${stream} is missing`);
    if (r[prevCol!] !== head.hash) return fail("previous_hash is not the hash of the stream's previous event");
    const body = r[bodyCol!]!;
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(body);
    } catch {
      return fail("canonical_event is not JSON");
    }
    if (canonical(event) !== body) return fail("canonical_event is not in canonical form");
    if (event.event_id !== r[idCol!] || event.stream_id !== stream || event.stream_version !== version || event.recorded_at !== r[timeCol!]) {
      return fail("the line's columns do not match the hashed event");
    }
    const hash = createHash("sha256").update(head.hash).update(body).digest("hex");
    if (hash !== r[hashCol!]) return fail("hash does not match the event's content");
    heads.set(stream, { version, hash });
  }
  return { valid: true, events: records.length, streams: heads.size };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: tsx infra/src/audit-verify-script.ts <export.csv>");
    process.exit(2);
  }
  const result = verifyAuditCsv(readFileSync(file, "utf8"));
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.valid ? 0 : 1);
}
