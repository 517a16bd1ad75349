import { requestAudience, type Projection } from "../projection.ts";

export const commentsProjection: Projection = {
  name: "request-comments",
  version: 1,
  tables: ["rm_request_comments"],
  handles: ["RequestCommented"],
  async apply(db, event) {
    if (event.type !== "RequestCommented") return;
    await db
      .insertInto("rm_request_comments")
      .values({
        id: event.data.comment_id,
        request_id: event.data.request_id,
        body: event.data.body,
        author: event.metadata.actor_email ?? "unknown",
        author_id: event.metadata.actor_id ?? "",
        created_at: event.recorded_at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    const owner = await requesterOf(db, event.data.request_id);
    return [{ keys: [["requests", event.data.request_id, "comments"]], audience: requestAudience(owner) }];
  },
};

/** The requester of a request, from the log itself, so this projection rebuilds without any other. */
export async function requesterOf(db: Parameters<Projection["apply"]>[0], requestId: string): Promise<string> {
  const row = await db
    .selectFrom("events")
    .select("data")
    .where("stream_id", "=", `request-${requestId}`)
    .where("stream_version", "=", 1)
    .executeTakeFirst();
  return ((row?.data ?? {}) as { requester_id?: string }).requester_id ?? "";
}
