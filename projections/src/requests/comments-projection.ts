import { cacheKeys } from "@procure/contracts";
import { sql } from "kysely";
import { distinct, insertRows } from "../batch.ts";
import { type Projection } from "../projection.ts";
import { requestAudience } from "../audiences.ts";
import { requestOwners } from "./request-owners.ts";
import { commentView } from "./request-view.ts";

export const commentsProjection: Projection = {
  name: "request-comments",
  version: 1,
  tables: ["rm_request_comments"],
  handles: ["RequestCommented"],
  reads: ["requests"],
  async apply(db, events, context) {
    const comments = events.flatMap((event) => (event.type === "RequestCommented" ? [commentView(event)] : []));
    await insertRows(
      db,
      "rm_request_comments",
      { id: "uuid", request_id: "uuid", body: "text", author: "text", author_id: "text", created_at: "timestamptz" },
      comments,
      sql`on conflict (id) do nothing`,
    );
    if (context?.touches === false) return [];
    const ids = distinct(comments, (c) => c.request_id);
    const owners = await requestOwners(db, ids, context);
    return ids.map((id) => ({ keys: [cacheKeys.requestComments(id)], audience: requestAudience(owners.get(id) ?? "") }));
  },
};
