import { cacheKeys } from "@procure/contracts";
import { sql } from "kysely";
import { distinct, insertRows } from "../batch.ts";
import { type Projection } from "../projection.ts";
import { requestAudience } from "../audiences.ts";
import { requestOwners } from "./request-owners.ts";

export const filesProjection: Projection = {
  name: "request-files",
  version: 1,
  tables: ["rm_request_files"],
  handles: ["RequestFileAttached"],
  reads: ["requests"],
  async apply(db, events, context) {
    const files = events.flatMap((event) => {
      if (event.type !== "RequestFileAttached") return [];
      const d = event.data;
      return [
        {
          id: d.file_id,
          request_id: d.request_id,
          filename: d.filename,
          content_type: d.content_type,
          size: d.size,
          sha256: d.sha256,
          storage_key: d.storage_key,
          uploaded_by: event.metadata.actor_email ?? event.metadata.actor_id ?? "unknown",
          created_at: event.recorded_at,
        },
      ];
    });
    await insertRows(
      db,
      "rm_request_files",
      {
        id: "uuid",
        request_id: "uuid",
        filename: "text",
        content_type: "text",
        size: "int",
        sha256: "text",
        storage_key: "text",
        uploaded_by: "text",
        created_at: "timestamptz",
      },
      files,
      sql`on conflict (id) do nothing`,
    );
    if (context?.touches === false) return [];
    const ids = distinct(files, (f) => f.request_id);
    const owners = await requestOwners(db, ids, context);
    return ids.map((id) => ({ keys: [cacheKeys.requestFiles(id)], audience: requestAudience(owners.get(id) ?? "") }));
  },
};
