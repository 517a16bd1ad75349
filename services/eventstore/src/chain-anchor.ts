import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { canonicalJson } from "./canonical-json.ts";
import { verifyStreamChain } from "./verify-chain.ts";
import type { EventStoreTables } from "./tables.ts";

/**
 * Every stream's head (version and hash) at one moment, with a digest over them. A per-stream chain cannot see its
 * own truncation or a re-chained edit; an anchor kept outside the database can: an auditor stores the file and
 * later checks the log against it.
 */
export type ChainAnchor = { taken_at: string; streams: Record<string, { version: number; hash: string }>; digest: string };

export type AnchorProblem = { stream_id: string; reason: string };

const digestOf = (anchor: Omit<ChainAnchor, "digest">) => createHash("sha256").update(canonicalJson(anchor)).digest("hex");

/** Anchors every stream, or only the given ones (one request's history, say). */
export async function takeAnchor(db: Kysely<EventStoreTables>, options: { streamIds?: string[]; now?: Date } = {}): Promise<ChainAnchor> {
  const only = options.streamIds ? sql`where stream_id = any(${options.streamIds}::text[])` : sql``;
  const { rows } = await sql<{ stream_id: string; stream_version: number; hash: string }>`select distinct on (stream_id)
    stream_id, stream_version, hash from events ${only} order by stream_id, stream_version desc`.execute(db);
  const now = options.now ?? new Date();
  const body = { taken_at: now.toISOString(), streams: Object.fromEntries(rows.map((r) => [r.stream_id, { version: r.stream_version, hash: r.hash }])) };
  return { ...body, digest: digestOf(body) };
}

/** What the log no longer agrees with in an anchor taken earlier: altered anchors, truncated or re-chained streams. */
export async function checkAgainstAnchor(db: Kysely<EventStoreTables>, anchor: ChainAnchor): Promise<AnchorProblem[]> {
  const { digest, ...body } = anchor;
  if (digestOf(body) !== digest) return [{ stream_id: "*", reason: "the anchor itself was altered (its digest does not match)" }];
  const problems: AnchorProblem[] = [];
  for (const [streamId, head] of Object.entries(anchor.streams)) {
    const { rows } = await sql<{ hash: string }>`select hash from events where stream_id = ${streamId} and stream_version = ${head.version}`.execute(db);
    if (rows.length === 0) problems.push({ stream_id: streamId, reason: `version ${head.version}, present when anchored, is gone (truncated)` });
    else if (rows[0]!.hash !== head.hash)
      problems.push({ stream_id: streamId, reason: `version ${head.version} no longer has its anchored hash (edited and re-chained)` });
    else {
      const chain = await verifyStreamChain(db, streamId);
      if (!chain.valid)
        problems.push({ stream_id: streamId, reason: `chain broken at version ${chain.first_broken?.stream_version}: ${chain.first_broken?.reason}` });
    }
  }
  return problems;
}
