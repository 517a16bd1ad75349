import { requestAudience, type Projection } from "../projection.ts";
import { requesterOf } from "./comments-projection.ts";

export const filesProjection: Projection = {
  name: "request-files",
  version: 1,
  tables: ["rm_request_files"],
  handles: ["RequestFileAttached"],
  async apply(db, event) {
    if (event.type !== "RequestFileAttached") return;
    const d = event.data;
    await db
      .insertInto("rm_request_files")
      .values({
        id: d.file_id,
        request_id: d.request_id,
        filename: d.filename,
        content_type: d.content_type,
        size: d.size,
        sha256: d.sha256,
        storage_key: d.storage_key,
        uploaded_by: event.metadata.actor_email ?? event.metadata.actor_id ?? "unknown",
        created_at: event.recorded_at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return [{ keys: [["requests", d.request_id, "files"]], audience: requestAudience(await requesterOf(db, d.request_id)) }];
  },
};
